import type { MailMessage } from '../../adapters/mail/mailer';
import type { Lang } from '../../plugins/language';
import type { RequestedProduct, Requester } from './price-request.repository';

export interface PriceRequestMailInput {
  to: string;
  shopName: string;
  requester: Requester;
  product: RequestedProduct;
  quantity: number;
  /** The language the customer uses the shop in. */
  lang: Lang;
}

const languageNames: Record<Lang, string> = { nl: 'Nederlands', en: 'Engels' };

/** "Sanne de Vries (sanne)" or just the login name when no full name is known. */
function personName(requester: Requester): string {
  const full = [requester.firstname, requester.surnamePrefix, requester.surname].filter(Boolean).join(' ');
  return full ? `${full} (${requester.name})` : requester.name;
}

/** The mail to the sales department about a price request; in Dutch, the language of the office. */
export function priceRequestMail({ to, shopName, requester, product, quantity, lang }: PriceRequestMailInput): MailMessage {
  const relation = requester.relation ? `${requester.relation.name} (debiteurnummer ${requester.relation.erpNumber})` : 'geen relatie gekoppeld';
  return {
    to,
    subject: `Prijsaanvraag: ${product.titleNl} (${product.sku})`,
    text: [
      'Beste collega,',
      '',
      `Via de webshop van ${shopName} is een prijsaanvraag binnengekomen.`,
      '',
      `Klant: ${personName(requester)}`,
      `E-mail: ${requester.mail}`,
      `Relatie: ${relation}`,
      `Product: ${product.titleNl}`,
      `Artikelnummer: ${product.sku}`,
      `Aantal: ${quantity}`,
      `Taal van de klant: ${languageNames[lang]}`,
      '',
      'Wil je de klant zo snel mogelijk een prijs laten weten?',
      '',
      `De webshop van ${shopName}`,
    ].join('\n'),
  };
}
