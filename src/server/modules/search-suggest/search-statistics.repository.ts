import { and, desc, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchStatistics, searchStatisticsSearchers } from '../../db/schema';

/** One user's search of a term on a day, under a hash that names the user only within that day. */
export interface SearchedTerm {
  day: string;
  term: string;
  searcher: number;
  /** Whether the search found nothing. */
  empty: boolean;
}

/**
 * Counts the searches that no earlier batch (of any instance) counted for their day, term and
 * searcher, in one statement: the searcher rows that are new are inserted and only those add to
 * the counts. The rows travel as one JSON parameter: the statement's text stays the same whatever
 * the batch, and no query is built per row (a batch of 500 rows built with drizzle's insert cost
 * as much CPU as hundreds of searches). Two instances writing the same searcher at once meet on
 * the primary key: the second inserts nothing and counts nothing.
 */
export async function addSearches(db: DbOrTx, searched: readonly SearchedTerm[]): Promise<void> {
  if (searched.length === 0) return;
  const rows = JSON.stringify(searched.map((s) => ({ day: s.day, term: s.term, searcher: s.searcher, empty: s.empty })));
  await db.execute(sql`
    with searched as (
      select t.day, t.term, t.searcher, t.empty
      from json_to_recordset(${rows}::json) as t(day date, term text, searcher bigint, empty boolean)
    ), fresh as (
      insert into search_statistics_searchers (day, term, searcher)
      select day, term, searcher from searched
      on conflict do nothing
      returning day, term, searcher
    )
    insert into search_statistics (day, term, searches, empty_searches)
    select f.day, f.term, count(*)::int, (count(*) filter (where s.empty))::int
    from fresh f join searched s on s.day = f.day and s.term = f.term and s.searcher = f.searcher
    group by f.day, f.term
    on conflict (day, term) do update set
      searches = search_statistics.searches + excluded.searches,
      empty_searches = search_statistics.empty_searches + excluded.empty_searches`);
}

/**
 * Deletes who searched on days before `searchersFrom`, and the counts of days before
 * `singlesFrom` that a single user searched: one client alone cannot keep a term for longer.
 */
export async function pruneSearches(db: DbOrTx, { searchersFrom, singlesFrom }: { searchersFrom: string; singlesFrom: string }): Promise<void> {
  await db.delete(searchStatisticsSearchers).where(lt(searchStatisticsSearchers.day, searchersFrom));
  await db.delete(searchStatistics).where(and(lt(searchStatistics.day, singlesFrom), lte(searchStatistics.searches, 1)));
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
