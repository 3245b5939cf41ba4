import { SHOP_TIME_ZONE } from '../../../../../shared/delivery-date';

const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** The moment an order was placed in the nl-NL long format (spec section 2): '22 november 2026'. */
export function formatPlacedLong(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}

/** A day written YYYY-MM-DD as nl-NL writes it: '2026-11-03' → '03-11-2026'. */
export function formatDay(day: string | null): string {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}
