import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { MailKindName } from '../../../shared/api/mail';
import { moment, stamped } from './columns';

/** What a mail in the outbox is, for staff and the logs (decision 033). */
export type MailKind = MailKindName;

/**
 * The mail outbox (issue 39, point 6; decision 033), owned by the mail module: every mail the shop
 * sends is a row, written in the transaction of its cause where that is practical, then sent right
 * away and by a job. A row is done when `sent_at` or `failed_at` is set; `failed_at` is a mail
 * given up (refused for good or too many attempts), which staff see as not delivered.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<MailKind>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: stamped('created_at'),
    /** Failed attempts of this mail (a mail server that was unreachable counts none). */
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this moment: the backoff after a failure, or the claim of an instance sending it. */
    nextAttemptAt: stamped('next_attempt_at'),
    lastAttemptAt: moment('last_attempt_at'),
    lastError: text('last_error'),
    sentAt: moment('sent_at'),
    /** Given up: staff are shown it as not delivered. */
    failedAt: moment('failed_at'),
  },
  (t) => [
    // The mails still to send, oldest first (the job's look-up; few rows).
    index('mail_outbox_waiting').on(t.createdAt, t.id).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_failed').on(t.failedAt).where(sql`${t.failedAt} is not null`),
  ],
);
