import type { FastifyBaseLogger } from 'fastify';
import { SEARCH_STATISTICS_DAYS, SEARCH_STATISTICS_MAX_DAYS, SEARCH_STATISTICS_TOP } from '../../../shared/api/search-limits';
import { addDays, businessDay } from '../../../shared/delivery-date';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { localized } from '../../i18n';
import { searchTokens } from '../catalog/search-query';
import { addSearchCounts, findTopTerms, type SearchCount, type TermTotal } from './search-statistics.repository';
import { SEARCH_SUGGEST_MESSAGES } from './search-suggest.messages';

/** A stored term is at most this long (the search's words joined by spaces). */
const MAX_TERM_LENGTH = 100;
/** Distinct day-and-term counts kept in memory before they are written at once. */
const MAX_PENDING = 5_000;
/** Rows per insert statement when the counts are written. */
const ROWS_PER_STATEMENT = 500;

export interface SearchStatisticsDeps {
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * A search as staff read it: its words in lower case, without punctuation, joined by one space
 * ('Tortilla''s  20CM!' → 'tortilla 20cm'); '' when it has no word.
 */
export function normalisedTerm(input: string): string {
  return searchTokens(input).join(' ').slice(0, MAX_TERM_LENGTH);
}

/**
 * Counts of the product list's searches per day and term, without who searched (decision 026).
 * Counted in memory and written as one upsert per batch (on the flush job's turn, when many
 * distinct terms are waiting, before staff read the statistics and when the server closes), so a
 * search costs the list a map update, not a statement.
 */
export function createSearchStatistics(db: Db, deps: SearchStatisticsDeps) {
  let pending = new Map<string, SearchCount>();
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: SearchCount[]): Promise<void> {
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
      await addSearchCounts(db, batch.slice(i, i + ROWS_PER_STATEMENT));
    }
  }

  /** Writes what is waiting; one write at a time, in order. A failed write loses its counts (logged). */
  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const batch = [...pending.values()];
    pending = new Map();
    writing = writing.then(() =>
      write(batch).catch((err: unknown) => deps.log.warn({ err, terms: batch.length }, 'search statistics not written')),
    );
    return writing;
  }

  return {
    /** Counts one committed search of the list and whether it found anything. */
    record(input: string, found: number): void {
      const term = normalisedTerm(input);
      if (term === '') return;
      const day = businessDay(deps.now());
      const key = `${day}|${term}`;
      const count = pending.get(key) ?? { day, term, searches: 0, emptySearches: 0 };
      count.searches += 1;
      if (found === 0) count.emptySearches += 1;
      pending.set(key, count);
      if (pending.size >= MAX_PENDING) void flush();
    },

    flush,

    /**
     * The top terms and the top terms that found nothing between two days (both included;
     * default the last 30 days). What this instance has not written yet is written first.
     */
    async top(period: { from?: string; to?: string }): Promise<{ from: string; to: string; terms: TermTotal[]; empty: TermTotal[] }> {
      const to = period.to ?? businessDay(deps.now());
      const from = period.from ?? addDays(to, 1 - SEARCH_STATISTICS_DAYS);
      if (from > to) throw badRequest('period_reversed', localized(SEARCH_SUGGEST_MESSAGES, 'period_reversed'));
      if (addDays(from, SEARCH_STATISTICS_MAX_DAYS) <= to) {
        throw badRequest('period_too_long', localized(SEARCH_SUGGEST_MESSAGES, 'period_too_long', { days: SEARCH_STATISTICS_MAX_DAYS }));
      }
      await flush();
      const [terms, empty] = await Promise.all([findTopTerms(db, from, to, SEARCH_STATISTICS_TOP, false), findTopTerms(db, from, to, SEARCH_STATISTICS_TOP, true)]);
      return { from, to, terms, empty };
    },
  };
}

export type SearchStatistics = ReturnType<typeof createSearchStatistics>;
