import type { MailMessage } from '../../../adapters/mail/mailer';
import { escapeHtml, mailEuro } from '../../../adapters/mail/mail-text';
import type { StaffOrderLineChange } from '../../../../shared/api/staff-order';
import { formatDeliveryDate } from '../../../../shared/delivery-date';

/** The mails the order desk sends a customer, in the customer's language (through the outbox, decision 033). */

export interface OrderMailBase {
  to: string;
  lang: 'nl' | 'en';
  shopName: string;
  orderNumber: string;
  orderUrl: string;
}

export interface CancelMail extends OrderMailBase {
  reason: string;
  /** Paid online: the money comes back. */
  refund: boolean;
}

export interface ChangeMail extends OrderMailBase {
  changes: StaffOrderLineChange[];
  dateBefore: string | null;
  dateAfter: string | null;
  totalBeforeCents: number;
  totalAfterCents: number;
}

const TEXTS = {
  nl: {
    greeting: 'Beste klant,',
    canceledSubject: (n: string, shop: string) => `Bestelling ${n} is geannuleerd | ${shop}`,
    canceled: (n: string) => `We hebben je bestelling ${n} geannuleerd.`,
    reason: 'Reden',
    refund: 'Je hebt deze bestelling online betaald; we storten het bedrag terug.',
    changedSubject: (n: string, shop: string) => `Bestelling ${n} is gewijzigd | ${shop}`,
    changed: (n: string) => `We hebben je bestelling ${n} gewijzigd. Dit is er veranderd:`,
    added: 'toegevoegd',
    removed: 'verwijderd',
    price: 'nieuwe prijs',
    date: (a: string, b: string) => `Leverdatum: ${a} wordt ${b}`,
    total: (a: string, b: string) => `Totaal (incl. btw): ${a} wordt ${b}`,
    questions: 'Klopt er iets niet? Neem dan contact met ons op.',
    view: 'Je bestelling bekijken',
    closing: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
  en: {
    greeting: 'Dear customer,',
    canceledSubject: (n: string, shop: string) => `Order ${n} has been canceled | ${shop}`,
    canceled: (n: string) => `We have canceled your order ${n}.`,
    reason: 'Reason',
    refund: 'You paid this order online; we will refund the amount.',
    changedSubject: (n: string, shop: string) => `Order ${n} has been changed | ${shop}`,
    changed: (n: string) => `We have changed your order ${n}. This is what changed:`,
    added: 'added',
    removed: 'removed',
    price: 'new price',
    date: (a: string, b: string) => `Delivery date: ${a} becomes ${b}`,
    total: (a: string, b: string) => `Total (incl. VAT): ${a} becomes ${b}`,
    questions: 'Is something not right? Please get in touch with us.',
    view: 'View your order',
    closing: (shop: string) => `Kind regards,\n${shop}`,
  },
} as const;

function asMail(base: OrderMailBase, subject: string, paragraphs: string[][]): MailMessage {
  const t = TEXTS[base.lang];
  const all = [[t.greeting], ...paragraphs, [`${t.view}: ${base.orderUrl}`], [t.closing(base.shopName)]];
  const text = all.map((lines) => lines.join('\n')).join('\n\n');
  const html = `<!doctype html><html lang="${base.lang}"><body style="font-family:Arial,sans-serif">${all
    .map((lines) => `<p>${lines.map(escapeHtml).join('<br>').replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { to: base.to, subject, text, html };
}

export function cancelMail(m: CancelMail): MailMessage {
  const t = TEXTS[m.lang];
  return asMail(m, t.canceledSubject(m.orderNumber, m.shopName), [
    [t.canceled(m.orderNumber), `${t.reason}: ${m.reason}`],
    ...(m.refund ? [[t.refund]] : []),
    [t.questions],
  ]);
}

function changeLine(c: StaffOrderLineChange, lang: 'nl' | 'en'): string {
  const t = TEXTS[lang];
  const name = `${c.title ?? ''} (${c.sku ?? ''})`;
  switch (c.kind) {
    case 'added':
      return `${name}: ${t.added}, ${c.quantity_after} = ${mailEuro(c.total_after_cents ?? 0)}`;
    case 'removed':
      return `${name}: ${t.removed} (${c.quantity_before})`;
    case 'quantity':
      return `${name}: ${c.quantity_before} → ${c.quantity_after} = ${mailEuro(c.total_after_cents ?? 0)}`;
    case 'price':
      return `${name}: ${t.price} ${mailEuro(c.total_before_cents ?? 0)} → ${mailEuro(c.total_after_cents ?? 0)}`;
  }
}

export function changeMail(m: ChangeMail): MailMessage {
  const t = TEXTS[m.lang];
  const date = m.dateBefore !== m.dateAfter ? [t.date(formatDeliveryDate(m.dateBefore ?? ''), formatDeliveryDate(m.dateAfter ?? ''))] : [];
  return asMail(m, t.changedSubject(m.orderNumber, m.shopName), [
    [t.changed(m.orderNumber)],
    [...m.changes.map((c) => `- ${changeLine(c, m.lang)}`), ...date],
    [t.total(mailEuro(m.totalBeforeCents), mailEuro(m.totalAfterCents))],
    [t.questions],
  ]);
}
