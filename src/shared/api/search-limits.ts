/**
 * The numbers and path of the search suggestions and statistics (contracts in search.ts), apart
 * from the zod schemas: the header's suggestions load them without zod (decision 012).
 */

export const SUGGESTIONS_PATH = '/api/search/suggestions';
/** Letters and digits before the box asks for suggestions. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_PRODUCTS = 8;
export const SUGGEST_MAX_CATEGORIES = 3;
/** The longest text the suggestions take (as the list's search). */
export const SUGGEST_MAX_LENGTH = 200;

/** Terms in each of the staff's lists. */
export const SEARCH_STATISTICS_TOP = 50;
/** The period when staff choose none: the last 30 days (Amsterdam days), today included. */
export const SEARCH_STATISTICS_DAYS = 30;
/** The longest period staff can ask for, in days. */
export const SEARCH_STATISTICS_MAX_DAYS = 366;
