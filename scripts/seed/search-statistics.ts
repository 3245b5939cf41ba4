import type * as schema from '../../src/server/db/schema';
import { normalisedTerm } from '../../src/server/modules/search-suggest/search-statistics.service';
import { dayBefore } from '../../src/shared/delivery-date';
import type { Random } from './random';

export type SearchStatisticRow = typeof schema.searchStatistics.$inferInsert;

export interface SearchStatisticRows {
  searchStatistics: SearchStatisticRow[];
}

/** Days back from the day of loading that have searches: the staff page's default 30 days and some before. */
const DAYS = 45;

/**
 * Terms customers of a Mexican food wholesaler search for, with how many searches a day each gets
 * at most, in Dutch and English. The second list finds nothing in the demo catalogue (things the
 * shop does not sell: typing errors find their products since issue 20), so the staff page's
 * second table has something to show. search-statistics.test.ts holds both lists to the search.
 */
export const FOUND: readonly (readonly [string, number])[] = [
  ['tortilla', 40], ['tortillachips', 22], ['salsa', 18], ['nachos', 15], ['jalapeño', 14], ['chipotle', 12],
  ['guacamole', 11], ['tortilla 30 cm', 8], ['mole', 7], ['bonen', 9], ['beans', 6], ['taco', 10], ['tostadas', 5],
  ['enchilada', 5], ['habanero', 6], ['tomatillo', 4], ['limoen', 3], ['maïsmeel', 4], ['masa harina', 3], ['tequila', 2],
];
export const EMPTY: readonly (readonly [string, number])[] = [
  ['sushi rijst', 6], ['kimchi', 4], ['wasabi', 3], ['couscous', 5], ['avocado vers', 3], ['koriander vers', 2],
  ['tofu', 2], ['sambal', 2], ['miso', 2], ['hummus', 1],
];

/** Counts per day and term as the shop would have gathered them (terms normalised as it does; no user or relation: decision 026). */
export function generateSearchStatistics(rng: Random, today: string): SearchStatisticRows {
  const rows: SearchStatisticRow[] = [];
  for (let back = 0; back < DAYS; back++) {
    const day = dayBefore(today, back);
    for (const [term, most] of FOUND) {
      const searches = rng.int(0, most);
      if (searches > 0) rows.push({ day, term: normalisedTerm(term), searches, emptySearches: 0 });
    }
    for (const [term, most] of EMPTY) {
      const searches = rng.int(0, most);
      if (searches > 0) rows.push({ day, term: normalisedTerm(term), searches, emptySearches: searches });
    }
  }
  return { searchStatistics: rows };
}
