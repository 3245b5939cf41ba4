import { and, desc, gt, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchStatistics } from '../../db/schema';

/** Counts of one term on one day, added to what is stored. */
export interface SearchCount {
  day: string;
  term: string;
  searches: number;
  emptySearches: number;
}

/**
 * Adds the counts to the stored ones in one statement (insert, or add on the day and term). The
 * rows travel as one JSON parameter: the statement's text stays the same whatever the batch, and
 * no query is built per row (a batch of 500 rows built with drizzle's insert cost as much CPU as
 * hundreds of searches).
 */
export async function addSearchCounts(db: DbOrTx, counts: readonly SearchCount[]): Promise<void> {
  if (counts.length === 0) return;
  const rows = JSON.stringify(counts.map((c) => ({ day: c.day, term: c.term, searches: c.searches, empty_searches: c.emptySearches })));
  await db.execute(sql`
    insert into search_statistics (day, term, searches, empty_searches)
    select t.day, t.term, t.searches, t.empty_searches
    from json_to_recordset(${rows}::json) as t(day date, term text, searches int, empty_searches int)
    on conflict (day, term) do update set
      searches = search_statistics.searches + excluded.searches,
      empty_searches = search_statistics.empty_searches + excluded.empty_searches`);
}

export interface TermTotal {
  term: string;
  searches: number;
  emptySearches: number;
}

/**
 * The most searched terms between two days (both included): by all searches, or (`empty`) by the
 * searches that found nothing, only terms that found nothing at least once.
 */
export async function findTopTerms(db: DbOrTx, from: string, to: string, limit: number, empty: boolean): Promise<TermTotal[]> {
  const searches = sql<number>`sum(${searchStatistics.searches})`.mapWith(Number);
  const emptySearches = sql<number>`sum(${searchStatistics.emptySearches})`.mapWith(Number);
  return db
    .select({ term: searchStatistics.term, searches, emptySearches })
    .from(searchStatistics)
    .where(and(gte(searchStatistics.day, from), lte(searchStatistics.day, to), empty ? gt(searchStatistics.emptySearches, 0) : undefined))
    .groupBy(searchStatistics.term)
    .orderBy(empty ? desc(emptySearches) : desc(searches), searchStatistics.term)
    .limit(limit);
}
