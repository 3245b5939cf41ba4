/**
 * The delivery date rule (spec sections 5 and 9), written once: the web's date picker offers
 * exactly these dates and the server's set-delivery-date and place accept exactly these.
 *
 * - Only the relation's delivery weekdays; monday to friday when it has none.
 * - The earliest date is tomorrow, or the day after tomorrow when the hour in Amsterdam is
 *   greater than 13 (from 14:00 on), then moved forward to the next allowed weekday.
 * - No later than MAX_DAYS_AHEAD days from today (a date picker needs an end; an order for
 *   next year is a typing error).
 *
 * Dates are calendar days 'YYYY-MM-DD'. All day arithmetic is done on UTC noon of the day, so
 * daylight-saving changes never move a date.
 */

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export const DEFAULT_DELIVERY_DAYS: readonly WeekdayName[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** From this hour on (hour > 13) the lead time is two days instead of one. */
export const CUTOFF_HOUR = 13;
export const MAX_DAYS_AHEAD = 90;
export const SHOP_TIME_ZONE = 'Europe/Amsterdam';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const amsterdamParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day and hour in Amsterdam at a moment. */
export function amsterdamClock(now: Date): { day: string; hour: number } {
  const parts: Record<string, string> = {};
  for (const part of amsterdamParts.formatToParts(now)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const amsterdamDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day (Amsterdam) at a moment, 'YYYY-MM-DD': prices and quotes change by day. */
export function businessDay(at: Date): string {
  return amsterdamDay.format(at);
}

function noonOf(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  // 2026-02-30 rolls over to March: not a real day.
  return date.toISOString().slice(0, 10) === day ? date : null;
}

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  return noonOf(day) !== null;
}

export function addDays(day: string, days: number): string {
  const date = noonOf(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How many calendar days `to` is after `from` (negative when it is before), both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  const start = noonOf(from);
  const end = noonOf(to);
  if (!start || !end) throw new RangeError(`not a day: ${start ? to : from}`);
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/** The calendar day `days` days (default one) before `day`. */
export function dayBefore(day: string, days = 1): string {
  return addDays(day, -days);
}

export function weekdayOf(day: string): WeekdayName {
  const date = noonOf(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return WEEKDAY_NAMES[date.getUTCDay()] as WeekdayName;
}

/** The relation's weekdays as the rule uses them: unknown names dropped, none means monday to friday. */
export function deliveryWeekdays(days: readonly string[] | null | undefined): ReadonlySet<WeekdayName> {
  const known = (days ?? [])
    .map((d) => d.trim().toLowerCase())
    .filter((d): d is WeekdayName => (WEEKDAY_NAMES as readonly string[]).includes(d));
  return new Set(known.length > 0 ? known : DEFAULT_DELIVERY_DAYS);
}

/** The first day that may be asked for at `now`. */
export function earliestDeliveryDate(now: Date, days: readonly string[] | null | undefined): string {
  const allowed = deliveryWeekdays(days);
  const { day, hour } = amsterdamClock(now);
  let candidate = addDays(day, hour > CUTOFF_HOUR ? 2 : 1);
  // At most a week forward: some weekday is always allowed.
  for (let i = 0; i < 7 && !allowed.has(weekdayOf(candidate)); i++) candidate = addDays(candidate, 1);
  return candidate;
}

/** The last day that may be asked for at `now`. */
export function latestDeliveryDate(now: Date): string {
  return addDays(amsterdamClock(now).day, MAX_DAYS_AHEAD);
}

export type DeliveryDateProblem = 'not_a_date' | 'too_early' | 'too_late' | 'not_a_delivery_day';

/** Null when `day` may be asked for at `now`, else what is wrong with it. */
export function deliveryDateProblem(day: string, now: Date, days: readonly string[] | null | undefined): DeliveryDateProblem | null {
  if (!isCalendarDay(day)) return 'not_a_date';
  if (day < earliestDeliveryDate(now, days)) return 'too_early';
  if (day > latestDeliveryDate(now)) return 'too_late';
  if (!deliveryWeekdays(days).has(weekdayOf(day))) return 'not_a_delivery_day';
  return null;
}

/**
 * The date to use on page load: the saved one when it is still allowed, otherwise the earliest
 * (spec section 5: a saved date earlier than the earliest is replaced).
 */
export function effectiveDeliveryDate(saved: string | null | undefined, now: Date, days: readonly string[] | null | undefined): string {
  return saved && deliveryDateProblem(saved, now, days) === null ? saved : earliestDeliveryDate(now, days);
}

/** 'YYYY-MM-DD' as nl-NL shows it in the date picker: dd-MM-y. */
export function formatDeliveryDate(day: string): string {
  const match = DAY.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}
