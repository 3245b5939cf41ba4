import type { UndeliveredMailsResponse } from '../../../shared/api/mail';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db, DbOrTx } from '../../db/client';
import { backoffAfter, errorText, type FailureKind, failureKind, MAX_ATTEMPTS } from './delivery-failure';
import * as repo from './mail-outbox.repository';

export type { OutboxMessage } from './mail-outbox.repository';

export interface MailOutboxDeps {
  mailer: Mailer;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** How often the job sends what is due. */
export const MAIL_OUTBOX_EVERY_MS = 60_000;
/** Mails per claim. */
const BATCH = 50;
/**
 * How long a claimed mail is left to the instance sending it: longer than a batch takes with every
 * mail at the mail server's timeouts. An instance that dies meanwhile leaves its mails due again
 * after it (and a mail it had sent but not marked goes twice, never not at all).
 */
const CLAIM_MS = 30 * 60_000;
/** Given-up mails staff are shown, the latest first. */
const UNDELIVERED_SHOWN = 100;
/** Sent mails are kept this long (to look into a complaint), mails given up longer (staff's list). */
const KEEP_SENT_MS = 30 * 24 * 3600_000;
const KEEP_FAILED_MS = 90 * 24 * 3600_000;

/** What a run did: mails sent, failed attempts (given up or to try later), and mails left waiting for the mail server. */
export interface DeliveryRun {
  sent: number;
  failed: number;
  waiting: number;
}

/** What the outbox's functions share. */
export interface MailOutboxContext {
  db: Db;
  deps: MailOutboxDeps;
}

/** The moment `ms` from now. */
function at({ deps }: MailOutboxContext, ms: number): Date {
  return new Date(deps.now().getTime() + ms);
}

/** Step: the outcome of a failed attempt on the mail's row. */
async function recordFailure(ctx: MailOutboxContext, mail: repo.ClaimedMail, kind: Exclude<FailureKind, 'transport'>, err: unknown): Promise<void> {
  const { db, deps } = ctx;
  const attempts = mail.attempts + 1;
  const givenUp = kind === 'permanent' || attempts >= MAX_ATTEMPTS;
  const lastError = errorText(err);
  await repo.markMailFailed(db, mail.id, { attempts, lastError, nextAttemptAt: at(ctx, givenUp ? 0 : backoffAfter(attempts)), failedAt: givenUp ? deps.now() : null });
  if (givenUp) deps.log.error({ mailId: mail.id, kind: mail.kind, attempts, lastError }, 'mail not delivered; given up (staff see it)');
  else deps.log.warn({ mailId: mail.id, kind: mail.kind, attempts, lastError }, 'mail deferred; trying it again later');
}

/** Step: claimed mails sent oldest first; an unreachable mail server stops the run and gives the rest back. */
async function sendClaimed(ctx: MailOutboxContext, mails: repo.ClaimedMail[]): Promise<DeliveryRun & { stopped: boolean }> {
  const { db, deps } = ctx;
  const run = { sent: 0, failed: 0, waiting: 0, stopped: false };
  for (const [index, mail] of mails.entries()) {
    try {
      await deps.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html === null ? {} : { html: mail.html }) });
    } catch (err) {
      const kind = failureKind(err);
      if (kind !== 'transport') {
        await recordFailure(ctx, mail, kind, err);
        run.failed += 1;
        continue;
      }
      const rest = mails.slice(index + 1).map((m) => m.id);
      await repo.releaseMails(db, [mail.id], deps.now(), errorText(err));
      await repo.releaseMails(db, rest, deps.now(), null);
      run.waiting = rest.length + 1;
      run.stopped = true;
      deps.log.warn({ err, mailId: mail.id, waiting: run.waiting }, 'the mail server is unreachable; the mails wait for it');
      return run;
    }
    await repo.markMailSent(db, mail.id, deps.now());
    run.sent += 1;
  }
  return run;
}

/** Step: one claim of due mails (of `ids`, when given), sent. */
async function deliverBatch(ctx: MailOutboxContext, ids?: readonly number[]) {
  const { db, deps } = ctx;
  const mails = await repo.claimDueMails(db, { now: deps.now(), claimUntil: at(ctx, CLAIM_MS), limit: BATCH, ...(ids ? { ids } : {}) });
  return { claimed: mails.length, ...(await sendClaimed(ctx, mails)) };
}

/** Writes mails to send, in the caller's transaction; answers their ids for `deliver`. */
export function enqueue(ctx: MailOutboxContext, tx: DbOrTx, messages: readonly repo.OutboxMessage[]): Promise<number[]> {
  const { deps } = ctx;
  return repo.insertMails(tx, messages, deps.now());
}

/**
 * Right after the commit of their cause: sends those mails (best effort; what does not go
 * waits for the job). Never throws: a failure is logged and left to the job.
 */
export async function deliver(ctx: MailOutboxContext, ids: readonly number[]): Promise<DeliveryRun> {
  const { deps } = ctx;
  const run = { sent: 0, failed: 0, waiting: 0 };
  try {
    for (let i = 0; i < ids.length; i += BATCH) {
      const part = await deliverBatch(ctx, ids.slice(i, i + BATCH));
      run.sent += part.sent;
      run.failed += part.failed;
      if (part.stopped) {
        run.waiting = ids.length - run.sent - run.failed;
        break;
      }
    }
  } catch (err) {
    deps.log.warn({ err }, 'mails not sent right away; the job sends them');
    run.waiting = ids.length - run.sent - run.failed;
  }
  return run;
}

/**
 * The job: due mails, a batch at a time and oldest first, until none is due or the mail server
 * is unreachable; then old mails are removed, so the outbox stays small.
 */
export async function deliverDue(ctx: MailOutboxContext): Promise<DeliveryRun> {
  const { db, deps } = ctx;
  const run = { sent: 0, failed: 0, waiting: 0 };
  for (;;) {
    const part = await deliverBatch(ctx);
    run.sent += part.sent;
    run.failed += part.failed;
    run.waiting += part.waiting;
    if (part.stopped || part.claimed < BATCH) break;
  }
  if (run.sent > 0) deps.log.info({ sent: run.sent }, 'mails sent from the outbox');
  await repo.pruneMails(db, { sentBefore: at(ctx, -KEEP_SENT_MS), failedBefore: at(ctx, -KEEP_FAILED_MS) });
  return run;
}

/** For staff: the mails given up, latest first, so the news reaches the customer another way. */
export async function undelivered(ctx: MailOutboxContext): Promise<UndeliveredMailsResponse> {
  const { db } = ctx;
  const rows = await repo.undeliveredMails(db, UNDELIVERED_SHOWN);
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      last_error: r.lastError ?? '',
      attempts: r.attempts,
      created_at: r.createdAt.toISOString(),
      failed_at: (r.failedAt ?? r.createdAt).toISOString(),
    })),
  };
}

/**
 * The mail outbox (decision 033). Every mail is written to it (`enqueue`, in the transaction of
 * its cause where that is practical), then sent right away after the commit (`deliver`, best
 * effort) and by a job every minute in each instance (`deliverDue`). One mail's failure is its own:
 * refused for good, it is given up at once; deferred, it waits a growing backoff and is given up
 * after `MAX_ATTEMPTS`; either way the run goes on with the next. An unreachable mail server stops
 * the run with nothing counted, and the mails all go, oldest first, once it answers again.
 */
export function createMailOutbox(db: Db, deps: MailOutboxDeps) {
  const ctx: MailOutboxContext = { db, deps };
  return {
    enqueue: (tx: DbOrTx, messages: readonly repo.OutboxMessage[]) => enqueue(ctx, tx, messages),
    deliver: (ids: readonly number[]) => deliver(ctx, ids),
    deliverDue: () => deliverDue(ctx),
    undelivered: () => undelivered(ctx),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
