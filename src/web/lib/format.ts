/**
 * The one place the web formats dates and numbers for display. Days are shown dd-mm-yyyy (spec
 * section 1) as the server writes them too (shared/delivery-date.ts); amounts are the shop's one euro
 * format (shared/money.ts); numbers follow the UI language.
 */
import { formatDeliveryDate, SHOP_TIME_ZONE } from '../../shared/delivery-date';
import type { Language } from '../../shared/lang';

export { formatEuro, formatEuros } from '../../shared/money';

const locale = (lang: Language) => (lang === 'nl' ? 'nl-NL' : 'en-GB');

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * A calendar day 'YYYY-MM-DD' (or the day part of an ISO timestamp) in the nl-NL format of spec
 * section 1: '2027-03-01' → '01-03-2027'. Empty for none; anything else is shown as it came.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return CALENDAR_DAY.test(day) ? formatDeliveryDate(day.slice(0, 10)) : day;
}

const dayInTheShop = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: SHOP_TIME_ZONE });
const longDayInTheShop = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE });

function formatMomentWith(format: Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** The day of a moment (an order's placing) in Amsterdam, in the nl-NL format: '22-11-2026'. */
export function formatMomentDay(iso: string | null | undefined): string {
  return formatMomentWith(dayInTheShop, iso);
}

/** The day of a moment in Amsterdam in the nl-NL long format (spec section 2): '22 november 2026'. */
export function formatMomentLong(iso: string | null | undefined): string {
  return formatMomentWith(longDayInTheShop, iso);
}

/** A moment with its time in the UI language, for the staff's lists: '1 dec 2026, 14:05'. */
export function formatMoment(iso: string, lang: Language): string {
  return new Date(iso).toLocaleString(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
}

/** A count in the UI language's digits: 1500 → '1.500' in Dutch, '1,500' in English. */
export function formatNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(locale(lang)).format(value);
}

/** A decimal string of the API ("12.5") in the UI language's format: "12,5" in Dutch. */
export function formatDecimal(value: string, lang: Language): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 3 }).format(Number(value));
}

/** A percentage change with its sign, in the number format of the UI language: '+3,5' or '-2'. */
export function formatPercentage(value: number, lang: Language): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
}

/** A tax fraction as the spec shows it (section 5: fraction times 100): "0.09" → 9, "0.055" → 5.5. */
export function taxPercentage(fraction: string | null): number {
  return Math.round(Number(fraction ?? 0) * 10_000) / 100;
}
