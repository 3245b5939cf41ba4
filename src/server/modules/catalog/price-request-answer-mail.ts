import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml, mailEuro } from '../../adapters/mail/mail-text';
import { formatDeliveryDate } from '../../../shared/delivery-date';

/** The mails answering a customer's price request (issue 42, point 6), in the customer's language. */

export interface AnswerMailBase {
  to: string;
  lang: 'nl' | 'en';
  shopName: string;
  product: string;
  sku: string;
  quantity: number;
  /** The product's page in the shop, in the customer's language. */
  productUrl: string;
  /** Staff's words: a remark with the quote, the reason of a decline. */
  message: string | null;
}

export interface QuoteMail extends AnswerMailBase {
  priceCents: number;
  fromQuantity: number;
  validUntil: string;
  unitLabel: string;
}

const TEXTS = {
  nl: {
    greeting: 'Beste klant,',
    quotedSubject: (p: string, shop: string) => `Onze prijs voor ${p} | ${shop}`,
    quoted: (p: string, sku: string, q: number) => `Je vroeg ons om een prijs voor ${q} × ${p} (${sku}). Hier is onze offerte:`,
    price: (price: string, unit: string, from: number) => `${price} per ${unit}, vanaf ${from} ${unit}`,
    validUntil: (day: string) => `Geldig tot en met ${day}`,
    applies: 'Je ziet de prijs bij het product onder ‘Betere prijs’, en in je winkelwagen geldt hij vanzelf.',
    declinedSubject: (p: string, shop: string) => `Je prijsaanvraag voor ${p} | ${shop}`,
    declined: (p: string, sku: string, q: number) => `Je vroeg ons om een prijs voor ${q} × ${p} (${sku}). Helaas kunnen we je daarvoor geen andere prijs geven.`,
    remark: 'Toelichting',
    view: 'Het product bekijken',
    questions: 'Heb je nog vragen? Neem dan contact met ons op.',
    closing: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
  en: {
    greeting: 'Dear customer,',
    quotedSubject: (p: string, shop: string) => `Our price for ${p} | ${shop}`,
    quoted: (p: string, sku: string, q: number) => `You asked us for a price for ${q} × ${p} (${sku}). Here is our quote:`,
    price: (price: string, unit: string, from: number) => `${price} per ${unit}, from ${from} ${unit}`,
    validUntil: (day: string) => `Valid until ${day} inclusive`,
    applies: 'You find the price with the product under ‘Better price’, and it applies in your cart by itself.',
    declinedSubject: (p: string, shop: string) => `Your price request for ${p} | ${shop}`,
    declined: (p: string, sku: string, q: number) => `You asked us for a price for ${q} × ${p} (${sku}). Unfortunately we cannot offer you a different price for it.`,
    remark: 'Note',
    view: 'View the product',
    questions: 'Any questions? Please get in touch with us.',
    closing: (shop: string) => `Kind regards,\n${shop}`,
  },
} as const;

function asMail(base: AnswerMailBase, subject: string, paragraphs: string[][]): MailMessage {
  const t = TEXTS[base.lang];
  const remark = base.message ? [[`${t.remark}: ${base.message}`]] : [];
  const all = [[t.greeting], ...paragraphs, ...remark, [`${t.view}: ${base.productUrl}`], [t.questions], [t.closing(base.shopName)]];
  const text = all.map((lines) => lines.join('\n')).join('\n\n');
  const html = `<!doctype html><html lang="${base.lang}"><body style="font-family:Arial,sans-serif">${all
    .map((lines) => `<p>${lines.map(escapeHtml).join('<br>').replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { to: base.to, subject, text, html };
}

export function quoteMail(m: QuoteMail): MailMessage {
  const t = TEXTS[m.lang];
  return asMail(m, t.quotedSubject(m.product, m.shopName), [
    [t.quoted(m.product, m.sku, m.quantity)],
    [t.price(mailEuro(m.priceCents), m.unitLabel, m.fromQuantity), t.validUntil(formatDeliveryDate(m.validUntil))],
    [t.applies],
  ]);
}

export function declineMail(m: AnswerMailBase): MailMessage {
  const t = TEXTS[m.lang];
  return asMail(m, t.declinedSubject(m.product, m.shopName), [[t.declined(m.product, m.sku, m.quantity)]]);
}
