import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type MailKind, mailOutbox } from '../../db/schema';

/** The mail outbox's rows (decision 033): written, claimed to send, and marked with the outcome. */

export interface OutboxMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A mail claimed to send. */
export interface ClaimedMail {
  id: number;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  createdAt: Date;
}

/** Writes mails to send (at `now`, due at once); answers their ids in the order given. */
export async function insertMails(db: DbOrTx, messages: readonly OutboxMessage[], now: Date): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(messages.map((m) => ({ kind: m.kind, recipient: m.to, subject: m.subject, text: m.text, html: m.html ?? null, createdAt: now, nextAttemptAt: now })))
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Claims up to `limit` mails due at `now` (of `ids`, when given), oldest first: sets their next
 * attempt to `claimUntil`, so no instance takes them meanwhile, and answers them oldest first.
 * Rows another transaction holds are skipped, so instances running this at once never take the
 * same mail.
 */
export async function claimDueMails(db: DbOrTx, claim: { now: Date; claimUntil: Date; limit: number; ids?: readonly number[] }): Promise<ClaimedMail[]> {
  if (claim.ids?.length === 0) return [];
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        lte(mailOutbox.nextAttemptAt, claim.now),
        claim.ids ? inArray(mailOutbox.id, [...claim.ids]) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: claim.claimUntil, lastAttemptAt: claim.now })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.recipient,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
    });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

export async function markMailSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: at }).where(eq(mailOutbox.id, id));
}

/** A failed attempt: counted, with its error, and either a next attempt or given up (`failedAt`). */
export async function markMailFailed(db: DbOrTx, id: number, outcome: { attempts: number; lastError: string; nextAttemptAt: Date; failedAt: Date | null }): Promise<void> {
  await db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
}

/** Mails given back uncounted (the mail server unreachable): due again at `at`. */
export async function releaseMails(db: DbOrTx, ids: readonly number[], at: Date, lastError: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: at, ...(lastError === null ? {} : { lastError }) })
    .where(inArray(mailOutbox.id, [...ids]));
}

/** The mails given up, the latest first. */
export async function undeliveredMails(db: DbOrTx, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.recipient,
      subject: mailOutbox.subject,
      lastError: mailOutbox.lastError,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      failedAt: mailOutbox.failedAt,
    })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(desc(mailOutbox.failedAt), desc(mailOutbox.id))
    .limit(limit);
}

/** The mails waiting to be sent (neither sent nor given up), oldest first; for tests and the logs. */
export async function waitingMails(db: DbOrTx) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

/** Removes mails sent before `sentBefore` and mails given up before `failedBefore`; answers how many. */
export async function pruneMails(db: DbOrTx, cutoff: { sentBefore: Date; failedBefore: Date }): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, cutoff.sentBefore), lt(mailOutbox.failedAt, cutoff.failedBefore)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
