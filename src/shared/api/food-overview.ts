import { z } from 'zod';
import { isCalendarDay } from '../delivery-date';

/**
 * The buyer's allergen overview (issue 19 point 5): the allergens and ingredients of every product
 * the caller's relation bought in a period (placed and completed orders, not canceled ones), as a
 * printable PDF, a CSV or an Excel workbook. What a kitchen files for its allergen registration.
 */

export const FOOD_OVERVIEW_PATH = '/food-overview';
/** The period when none is given: the last 90 days (Amsterdam days), today included. */
export const FOOD_OVERVIEW_DAYS = 90;
/** The longest period, in years: `to` is at most two years after `from`. */
export const FOOD_OVERVIEW_MAX_YEARS = 2;
export const FOOD_OVERVIEW_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type FoodOverviewFormat = (typeof FOOD_OVERVIEW_FORMATS)[number];

/** A day written YYYY-MM-DD that exists (not 2026-02-30). */
const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.').refine(isCalendarDay, 'That day does not exist.');

/** GET /food-overview?from=YYYY-MM-DD&to=YYYY-MM-DD&format=pdf|csv|xlsx; both days included. */
export const foodOverviewQuery = z.object({
  from: dayString.optional(),
  to: dayString.optional(),
  format: z.enum(FOOD_OVERVIEW_FORMATS, { message: "format is 'pdf', 'csv' or 'xlsx'." }).default('pdf'),
});
export type FoodOverviewQuery = z.infer<typeof foodOverviewQuery>;

/** The media type of each format. */
export const FOOD_OVERVIEW_TYPES: Record<FoodOverviewFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
