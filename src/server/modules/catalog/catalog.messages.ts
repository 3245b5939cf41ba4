import { notFound } from '../../errors';
import { defineMessages, localized, textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';

/**
 * Messages of the catalogue calls that a customer reads (the web shows them as the server sends
 * them): the answers of a price request and the errors (keys are the codes) of the assortment,
 * product, favourite and price calls, in the language of the request.
 */
export const CATALOG_MESSAGES = defineMessages({
  nl: {
    priceRequestSent: 'Bedankt, we hebben je prijsaanvraag ontvangen en nemen snel contact met je op.',
    priceRequestRepeated: 'Je hebt zojuist al een prijs voor dit product aangevraagd; we komen er snel bij je op terug.',
    priceRequestLimit:
      'Je hebt het afgelopen uur al veel prijsaanvragen gestuurd. Probeer het later opnieuw of neem rechtstreeks contact op met onze verkoopafdeling.',
    product_not_found: (p: { id: string }) => `Het product ${p.id} is niet gevonden.`,
    favorite_not_found: (p: { id: string }) => `De favoriet ${p.id} is niet gevonden.`,
    unknown_category: (p: { id: string }) => `Er is geen categorie ${p.id}.`,
  },
  en: {
    priceRequestSent: 'Thank you, we have received your price request and will contact you soon.',
    priceRequestRepeated: 'You already asked for a price for this product a moment ago; we will get back to you soon.',
    priceRequestLimit:
      'You have sent a lot of price requests in the past hour. Please try again later, or contact our sales department directly.',
    product_not_found: (p: { id: string }) => `The product ${p.id} could not be found.`,
    favorite_not_found: (p: { id: string }) => `The favourite ${p.id} could not be found.`,
    unknown_category: (p: { id: string }) => `There is no category ${p.id}.`,
  },
});

export function catalogMessage(lang: Lang, key: 'priceRequestSent' | 'priceRequestRepeated' | 'priceRequestLimit'): string {
  return textIn(lang, CATALOG_MESSAGES, key);
}

export const productNotFound = (id: string) => notFound(localized(CATALOG_MESSAGES, 'product_not_found', { id }), 'product_not_found');
