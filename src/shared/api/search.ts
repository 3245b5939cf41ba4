import { z } from 'zod';
import { isCalendarDay } from '../delivery-date';
import { money } from './catalog';
import { SUGGEST_MAX_LENGTH } from './search-limits';

/**
 * Suggestions as you type in the header search box (issue 20 point 4), and the staff's search
 * statistics (issue 20, notes). Decision 026.
 */


/** GET /api/search/suggestions?q= */
export const suggestionsQuery = z.object({
  q: z.string().max(SUGGEST_MAX_LENGTH, 'A search has at most 200 characters.').optional().default(''),
});
export type SuggestionsQuery = z.input<typeof suggestionsQuery>;

export const productSuggestion = z.object({
  /** The product's uuid: its page is /{lang}/assortment/{id}. */
  id: z.string(),
  title: z.string(),
  sku: z.string(),
  /** The small thumbnail's URL, or null without an image. */
  image: z.string().nullable(),
  /** The caller's price for the smallest quantity under their price list, as in the list; null: price on request. */
  price: money.nullable(),
});
export type ProductSuggestion = z.infer<typeof productSuggestion>;

export const categorySuggestion = z.object({
  /** The category's term id: its assortment page is /{lang}/assortment?categories={id}. */
  id: z.number().int(),
  name: z.string(),
});
export type CategorySuggestion = z.infer<typeof categorySuggestion>;

export const suggestionsResponse = z.object({
  products: z.array(productSuggestion),
  categories: z.array(categorySuggestion),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;


const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.').refine(isCalendarDay, 'That day does not exist.');

/** GET /api/staff/search-statistics?from=YYYY-MM-DD&to=YYYY-MM-DD (both included). */
export const searchStatisticsQuery = z.object({
  from: dayString.optional(),
  to: dayString.optional(),
});
export type SearchStatisticsQuery = z.input<typeof searchStatisticsQuery>;

export const searchTermCount = z.object({
  term: z.string(),
  searches: z.number().int(),
  /** Of those searches, how many found nothing. */
  empty_searches: z.number().int(),
});
export type SearchTermCount = z.infer<typeof searchTermCount>;

export const searchStatisticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The most searched terms, most first. */
  top: z.array(searchTermCount),
  /** The terms that most often found nothing, most first. */
  without_results: z.array(searchTermCount),
});
export type SearchStatisticsResponse = z.infer<typeof searchStatisticsResponse>;
