import type { Lang } from '../../plugins/language';

/**
 * Messages of the catalogue calls that a customer reads (the web shows them as the server sends
 * them), in the language of the request: English under /en, Dutch otherwise.
 */
const en = {
  priceRequestSent: 'Thank you, we have received your price request and will contact you soon.',
  priceRequestRepeated: 'You already asked for a price for this product a moment ago; we will get back to you soon.',
  priceRequestMailFailed: 'Your price request could not be sent. Please try again later.',
  priceRequestLimit:
    'You have sent a lot of price requests in the past hour. Please try again later, or contact our sales department directly.',
};

export type CatalogMessage = keyof typeof en;

const nl: Record<CatalogMessage, string> = {
  priceRequestSent: 'Bedankt, we hebben je prijsaanvraag ontvangen en nemen snel contact met je op.',
  priceRequestRepeated: 'Je hebt zojuist al een prijs voor dit product aangevraagd; we komen er snel bij je op terug.',
  priceRequestMailFailed: 'Je prijsaanvraag kon niet worden verstuurd. Probeer het later opnieuw.',
  priceRequestLimit:
    'Je hebt het afgelopen uur al veel prijsaanvragen gestuurd. Probeer het later opnieuw of neem rechtstreeks contact op met onze verkoopafdeling.',
};

export function catalogMessage(lang: Lang, key: CatalogMessage): string {
  return (lang === 'en' ? en : nl)[key];
}
