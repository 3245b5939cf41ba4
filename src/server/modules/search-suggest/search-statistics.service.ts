import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SEARCH_STATISTICS_DAYS, SEARCH_STATISTICS_MAX_DAYS, SEARCH_STATISTICS_TOP } from '../../../shared/api/search-limits';
import { addDays, businessDay } from '../../../shared/delivery-date';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { localized } from '../../i18n';
import { queryWords } from '../search/search-text';
import { addSearches, findTopTerms, pruneSearches, type SearchedTerm, type TermTotal } from './search-statistics.repository';
import { SEARCH_SUGGEST_MESSAGES } from './search-suggest.messages';

/** A stored term is at most this long (the search's words joined by spaces). */
const MAX_TERM_LENGTH = 100;
/** Distinct searches (day, user and term) kept in memory before they are written at once. */
const MAX_PENDING = 5_000;
/**
 * A day's term that a single user searched is deleted once it is this many days old: older than
 * the period staff see by default, and one client cannot keep a term in the table for longer.
 */
export const SINGLE_SEARCH_DAYS = 30;
/** Rows per insert statement when the counts are written. */
const ROWS_PER_STATEMENT = 500;

export interface SearchStatisticsDeps {
  now: () => Date;
  log: FastifyBaseLogger;
  /** The site's secret: who searched is stored as a hash that only names the user within a day. */
  secret: string;
}

interface PendingSearch {
  day: string;
  term: string;
  userId: number;
  empty: boolean;
}

/**
 * A number for the user on a day that does not give the user away: the first 48 bits of an HMAC
 * (a whole number JavaScript holds exactly), unrelated from one day to the next.
 */
export function searcherOf(secret: string, day: string, userId: number): number {
  return createHmac('sha256', secret).update(`${day}|${userId}`).digest().readUIntBE(0, 6);
}

/**
 * A search as staff read it: the words the search engine reads (search-text.ts: lower case,
 * accents folded, letters and digits apart), joined by one space ('Jalapeño''s  20CM!' →
 * 'jalapeno 20 cm'), so two searches the engine answers alike count as one term; '' when it has
 * no word.
 */
export function normalisedTerm(input: string): string {
  return queryWords(input).join(' ').slice(0, MAX_TERM_LENGTH);
}

/** What the statistics' functions share: the database, and this instance's counts not written yet. */
export interface StatisticsContext {
  db: Db;
  deps: SearchStatisticsDeps;
  pending: Map<string, PendingSearch>;
  /** The write under way (or the last one); writes go one at a time, in order. */
  writing: Promise<void>;
  prunedOn: string | null;
}

async function write({ db, deps }: StatisticsContext, batch: PendingSearch[]): Promise<void> {
  const searched: SearchedTerm[] = batch.map((p) => ({ day: p.day, term: p.term, searcher: searcherOf(deps.secret, p.day, p.userId), empty: p.empty }));
  for (let i = 0; i < searched.length; i += ROWS_PER_STATEMENT) {
    await addSearches(db, searched.slice(i, i + ROWS_PER_STATEMENT));
  }
}

/** Keeps yesterday's searchers (a batch written just after midnight still counts against them). */
async function prune({ db }: StatisticsContext, today: string): Promise<void> {
  await pruneSearches(db, { searchersFrom: addDays(today, -1), singlesFrom: addDays(today, -SINGLE_SEARCH_DAYS) });
}

/**
 * Writes what is waiting, and prunes on an instance's first flush of a day; one write at a
 * time, in order. A failed write loses its counts (logged); a failed prune is tried again.
 */
export function flush(ctx: StatisticsContext): Promise<void> {
  const { deps } = ctx;
  const today = businessDay(deps.now());
  const pruning = ctx.prunedOn !== today;
  if (ctx.pending.size === 0 && !pruning) return ctx.writing;
  const batch = [...ctx.pending.values()];
  ctx.pending = new Map();
  if (pruning) ctx.prunedOn = today;
  ctx.writing = ctx.writing.then(async () => {
    await write(ctx, batch).catch((err: unknown) => deps.log.warn({ err, searches: batch.length }, 'search statistics not written'));
    if (!pruning) return;
    await prune(ctx, today).catch((err: unknown) => {
      ctx.prunedOn = null;
      deps.log.warn({ err }, 'search statistics not pruned');
    });
  });
  return ctx.writing;
}

/** Counts one committed search of the list by a user, and whether it found anything; again the same day, not. */
export function record(ctx: StatisticsContext, input: string, found: number, userId: number): void {
  const term = normalisedTerm(input);
  if (term === '') return;
  const day = businessDay(ctx.deps.now());
  const key = `${day}|${userId}|${term}`;
  if (ctx.pending.has(key)) return;
  ctx.pending.set(key, { day, term, userId, empty: found === 0 });
  if (ctx.pending.size >= MAX_PENDING) void flush(ctx);
}

/**
 * The top terms and the top terms that found nothing between two days (both included;
 * default the last 30 days). What this instance has not written yet is written first.
 */
export async function top(ctx: StatisticsContext, period: { from?: string; to?: string }): Promise<{ from: string; to: string; terms: TermTotal[]; empty: TermTotal[] }> {
  const { db, deps } = ctx;
  const to = period.to ?? businessDay(deps.now());
  const from = period.from ?? addDays(to, 1 - SEARCH_STATISTICS_DAYS);
  if (from > to) throw badRequest('period_reversed', localized(SEARCH_SUGGEST_MESSAGES, 'period_reversed'));
  if (addDays(from, SEARCH_STATISTICS_MAX_DAYS) <= to) {
    throw badRequest('period_too_long', localized(SEARCH_SUGGEST_MESSAGES, 'period_too_long', { days: SEARCH_STATISTICS_MAX_DAYS }));
  }
  await flush(ctx);
  const [terms, empty] = await Promise.all([findTopTerms(db, from, to, SEARCH_STATISTICS_TOP, false), findTopTerms(db, from, to, SEARCH_STATISTICS_TOP, true)]);
  return { from, to, terms, empty };
}

/**
 * Counts of the product list's searches per day and term, without who searched (decision 026).
 * A user counts once per term and Amsterdam day (issue 39), so one client cannot push a term up
 * staff's list by searching it again and again. Counted in memory and written as one statement
 * per batch (on the flush job's turn, when many distinct searches are waiting, before staff read
 * the statistics and when the server closes), so a search costs the list a map update, not a
 * statement. Once a day each instance deletes what it no longer needs (pruneSearches).
 */
export function createSearchStatistics(db: Db, deps: SearchStatisticsDeps) {
  const ctx: StatisticsContext = { db, deps, pending: new Map(), writing: Promise.resolve(), prunedOn: null };
  return {
    record: (input: string, found: number, userId: number) => record(ctx, input, found, userId),
    flush: () => flush(ctx),
    top: (period: { from?: string; to?: string }) => top(ctx, period),
  };
}

export type SearchStatistics = ReturnType<typeof createSearchStatistics>;
