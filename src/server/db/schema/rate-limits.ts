import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request counters of the rate limits (decision 034), owned by modules/rate-limits: one row
 * per key (a group and a user or an address), counting the requests of a fixed window that
 * started with the key's first request and ends at `expires_at`. Every instance counts in the
 * same row; rows of ended windows are deleted by a job.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
