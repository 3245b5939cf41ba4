import { formatEuro } from '../../../shared/money';

/** What the shop's mails write the same way: a text made safe for their HTML part, and money. */

/** A text for the HTML part of a mail: its &, <, >, " and ' as entities. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Money in mails: an ordinary space (mail clients wrap at the no-break one oddly). */
export const mailEuro = (cents: number): string => formatEuro(cents).replace(/\u00a0/g, ' ');
