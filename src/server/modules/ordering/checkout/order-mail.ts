import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailEuro } from '../../../adapters/mail/mail-text';
import type { AddressSnapshot, AdjustmentSnapshot } from '../../../db/schema';
import { businessDay, formatDeliveryDate } from '../../../../shared/delivery-date';
import { type PlacedLineInfo, placedLineBackorder, placedLineUnit, unitQuantityText } from '../history/placed-line';
import { backorderNote } from '../../stock/stock-checks';

/** A line as placed, with its sales unit and backorder as kept (decisions 029 and 030). */
export interface ConfirmationLine extends PlacedLineInfo {
  title: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface Confirmation {
  to: string;
  lang: 'nl' | 'en';
  shopName: string;
  orderNumber: string;
  placedAt: Date;
  lines: ConfirmationLine[];
  subtotalCents: number;
  adjustments: AdjustmentSnapshot[];
  totalCents: number;
  deliveryDate: string;
  deliveryAddress: AddressSnapshot;
  shippingMethod: string;
  paymentMethod: string;
  /** The customer's purchase-order reference and comment ('' for none). */
  poReference: string;
  comment: string;
  /** Link to the order in the shop. */
  orderUrl: string;
}

const TEXTS = {
  nl: {
    subject: (n: string, shop: string) => `Orderbevestiging ${n} | ${shop}`,
    greeting: 'Beste klant,',
    intro: (n: string) => `Hartelijk dank voor uw bestelling. Hieronder vindt u het overzicht van order ${n}.`,
    placed: 'Besteld op',
    article: 'Artikel',
    quantity: 'Aantal',
    price: 'Prijs',
    total: 'Totaal',
    subtotal: 'Subtotaal (excl. btw)',
    grandTotal: 'Totaal (incl. btw)',
    deliveryDate: 'Gewenste leverdatum',
    deliveryAddress: 'Afleveradres',
    shipping: 'Verzendmethode',
    payment: 'Betaalmethode',
    reference: 'Uw referentie',
    comment: 'Uw opmerking',
    view: 'Uw bestelling bekijken',
    closing: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
  en: {
    subject: (n: string, shop: string) => `Order confirmation ${n} | ${shop}`,
    greeting: 'Dear customer,',
    intro: (n: string) => `Thank you for your order. Below is the overview of order ${n}.`,
    placed: 'Placed on',
    article: 'Article',
    quantity: 'Qty',
    price: 'Price',
    total: 'Total',
    subtotal: 'Subtotal (excl. VAT)',
    grandTotal: 'Total (incl. VAT)',
    deliveryDate: 'Requested delivery date',
    deliveryAddress: 'Delivery address',
    shipping: 'Shipping method',
    payment: 'Payment method',
    reference: 'Your reference',
    comment: 'Your comment',
    view: 'View your order',
    closing: (shop: string) => `Kind regards,\n${shop}`,
  },
} as const;

function placedText(at: Date, lang: 'nl' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(at);
}

function addressLines(a: AddressSnapshot): string[] {
  return [a.name, a.address_line1, `${a.postal_code} ${a.locality}`, a.country_code].filter((s) => s.trim() !== '');
}

/** What a line says beyond its quantity and prices: its unit ("2 dozen · doos van 6 × 50") and its backorder. */
function lineNotes(l: ConfirmationLine, lang: 'nl' | 'en', placedDay: string): string[] {
  const unit = unitQuantityText(l.quantity, placedLineUnit(l, lang), lang);
  const backorder = placedLineBackorder(l);
  return [...(unit === null ? [] : [unit]), ...(backorder === null ? [] : [backorderNote(l.sku, backorder, placedDay)[lang]])];
}

/** The order confirmation in the customer's language, as text and as simple HTML. */
export function confirmationMail(c: Confirmation): MailMessage {
  const t = TEXTS[c.lang];
  const placed = placedText(c.placedAt, c.lang);
  const sums: Array<[string, number]> = [
    [t.subtotal, c.subtotalCents],
    ...c.adjustments.map((a): [string, number] => [a.label, a.amountCents]),
    [t.grandTotal, c.totalCents],
  ];
  const text = [
    t.greeting,
    '',
    t.intro(c.orderNumber),
    `${t.placed}: ${placed}`,
    '',
    ...c.lines.flatMap((l) => [`${l.quantity} × ${l.title} (${l.sku}) à ${mailEuro(l.unitPriceCents)} = ${mailEuro(l.totalCents)}`, ...lineNotes(l, c.lang, businessDay(c.placedAt)).map((note) => `  ${note}`)]),
    '',
    ...sums.map(([label, cents]) => `${label}: ${mailEuro(cents)}`),
    '',
    `${t.deliveryDate}: ${formatDeliveryDate(c.deliveryDate)}`,
    `${t.deliveryAddress}:`,
    ...addressLines(c.deliveryAddress).map((line) => `  ${line}`),
    `${t.shipping}: ${c.shippingMethod}`,
    `${t.payment}: ${c.paymentMethod}`,
    ...(c.poReference ? [`${t.reference}: ${c.poReference}`] : []),
    ...(c.comment ? [`${t.comment}:`, ...c.comment.split('\n').map((line) => `  ${line}`)] : []),
    '',
    `${t.view}: ${c.orderUrl}`,
    '',
    t.closing(c.shopName),
  ].join('\n');
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const html = `<!doctype html><html lang="${c.lang}"><body style="font-family:Arial,sans-serif">
<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(t.intro(c.orderNumber))}<br>${escapeHtml(t.placed)}: ${escapeHtml(placed)}</p>
<table style="border-collapse:collapse"><thead><tr><th ${cell}>${escapeHtml(t.article)}</th><th ${right}>${escapeHtml(t.quantity)}</th><th ${right}>${escapeHtml(t.price)}</th><th ${right}>${escapeHtml(t.total)}</th></tr></thead><tbody>
${c.lines.map((l) => `<tr><td ${cell}>${escapeHtml(l.title)}<br><small>${[l.sku, ...lineNotes(l, c.lang, businessDay(c.placedAt))].map(escapeHtml).join('<br>')}</small></td><td ${right}>${l.quantity}</td><td ${right}>${escapeHtml(mailEuro(l.unitPriceCents))}</td><td ${right}>${escapeHtml(mailEuro(l.totalCents))}</td></tr>`).join('\n')}
</tbody><tfoot>${sums.map(([label, cents]) => `<tr><td colspan="3" ${right}>${escapeHtml(label)}</td><td ${right}>${escapeHtml(mailEuro(cents))}</td></tr>`).join('')}</tfoot></table>
<p><strong>${escapeHtml(t.deliveryDate)}:</strong> ${escapeHtml(formatDeliveryDate(c.deliveryDate))}<br>
<strong>${escapeHtml(t.deliveryAddress)}:</strong><br>${addressLines(c.deliveryAddress).map(escapeHtml).join('<br>')}<br>
<strong>${escapeHtml(t.shipping)}:</strong> ${escapeHtml(c.shippingMethod)}<br><strong>${escapeHtml(t.payment)}:</strong> ${escapeHtml(c.paymentMethod)}${
    c.poReference ? `<br><strong>${escapeHtml(t.reference)}:</strong> ${escapeHtml(c.poReference)}` : ''
  }${c.comment ? `<br><strong>${escapeHtml(t.comment)}:</strong><br>${escapeHtml(c.comment).replace(/\n/g, '<br>')}` : ''}</p>
<p><a href="${escapeHtml(c.orderUrl)}">${escapeHtml(t.view)}</a></p><p>${escapeHtml(t.closing(c.shopName)).replace('\n', '<br>')}</p></body></html>`;
  return { to: c.to, subject: t.subject(c.orderNumber, c.shopName), text, html };
}
