import { addDays, amsterdamClock, isCalendarDay } from '../../../../../shared/delivery-date';
import { apiUrl } from '../../../../lib/api-client';
import type { Language } from '../../../../../shared/lang';

/**
 * The allergen overview's download (issue 19 point 5, GET /food-overview): names and limits copied
 * from its contract (src/shared/api/food-overview.ts), so that zod stays out of the orders page's
 * chunk (STACK-NOTES 10); food-overview.test.ts keeps them equal. The files are plain links: the
 * browser sends the session cookie with a GET, and the server answers an attachment.
 */
export const FOOD_OVERVIEW_PATH = '/food-overview';
export const FOOD_OVERVIEW_DAYS = 90;
export const FOOD_OVERVIEW_MAX_YEARS = 2;
export const FOOD_OVERVIEW_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type FoodOverviewFormat = (typeof FOOD_OVERVIEW_FORMATS)[number];

/** The default period: the last 90 Amsterdam days, today included. */
export function defaultPeriod(now: Date): { from: string; to: string } {
  const to = amsterdamClock(now).day;
  return { from: addDays(to, -(FOOD_OVERVIEW_DAYS - 1)), to };
}

export type PeriodProblem = 'missing' | 'reversed' | 'too_long';

/** What is wrong with a chosen period, by the server's rules; null when it can be asked for. */
export function periodProblem(from: string, to: string): PeriodProblem | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'missing';
  if (from > to) return 'reversed';
  const limit = new Date(`${from}T12:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + FOOD_OVERVIEW_MAX_YEARS);
  return to > limit.toISOString().slice(0, 10) ? 'too_long' : null;
}

/** The API URL of the overview in a format, in the page's language (the /en prefix, the /backend base). */
export function foodOverviewUrl(lang: Language, from: string, to: string, format: FoodOverviewFormat): string {
  return apiUrl(FOOD_OVERVIEW_PATH, lang, { from, to, format });
}
