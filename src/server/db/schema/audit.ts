import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { IMPORT_RUN_FAILURES, IMPORT_RUN_RESULTS } from '../../../shared/api/staff-import-runs';
import { idAndUuid, moment, stamped } from './columns';

/**
 * The audit log (issue 42, decision 037): every change by staff, by a customer to their account,
 * by the ERP import (one entry per run) and every order state change, written in the change's
 * transaction. Append-only: a trigger of migration 0028 refuses every update and delete. No
 * foreign keys, so removing a user or an order never rewrites history; the names are copied.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: stamped('at'),
    /** The user who made the change (null for a part of the shop), and their name then. */
    userId: integer('user_id'),
    userName: text('user_name'),
    /** The staff user behind a masquerade. */
    masqueradeFromUserId: integer('masquerade_from_user_id'),
    masqueradeFromName: text('masquerade_from_name'),
    /** A part of the shop acting on its own: 'payments', 'erp_export', 'erp_import'. */
    system: text('system'),
    /** What was changed: 'order', 'user', 'relation', 'price_request', 'import_run', ... and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The relation the entity belongs to, for the customer's timeline (null when none). */
    relationId: integer('relation_id'),
    /** What happened, e.g. 'state.cancel', 'order.change', 'user.block'. */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_entity').on(t.entity, t.entityId, t.id),
    index('audit_log_relation').on(t.relationId, t.id),
    index('audit_log_user').on(t.userId, t.id),
  ],
);

/**
 * Every ERP import (CLI or HTTP), one row per run (issue 42, point 8, migration 0033): what it
 * imported, who started it, how long it took, what it changed and how it ended. Written when the
 * run starts ('running') and finished in the import's own transaction when it applies, else in
 * one of its own once the import rolled back, with the run's one audit entry.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    ...idAndUuid(),
    /** An ERP import kind, or 'images'. */
    kind: text('kind').notNull(),
    /** 'cli' or 'http'; `startedBy` names the token (its fingerprint) or the CLI's user. */
    source: text('source').notNull(),
    startedBy: text('started_by').notNull().default(''),
    /** The caller's address (HTTP). */
    ip: text('ip'),
    /** csv, jsonl, tar or folder. */
    format: text('format').notNull().default(''),
    dryRun: boolean('dry_run').notNull().default(false),
    deactivateMissing: boolean('deactivate_missing').notNull().default(false),
    startedAt: stamped('started_at'),
    finishedAt: moment('finished_at'),
    tookMs: integer('took_ms'),
    /** Records read. */
    rows: integer('rows').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    deactivatedCount: integer('deactivated_count').notNull().default(0),
    /** Lines with at least one error (nothing of the file is applied then). */
    refusedCount: integer('refused_count').notNull().default(0),
    /** Every error found; the first IMPORT_RUN_ERRORS_KEPT are in import_run_errors. */
    errorCount: integer('error_count').notNull().default(0),
    result: text('result', { enum: IMPORT_RUN_RESULTS }).notNull().default('running'),
    failureCode: text('failure_code', { enum: IMPORT_RUN_FAILURES }),
    /** Why a failed run failed, as the import said it. */
    failure: text('failure'),
  },
  (t) => [index('import_runs_started').on(t.startedAt, t.id), index('import_runs_kind').on(t.kind, t.id)],
);

/** One error of an import run: its line (0: the file as a whole), field and message, in the order found. */
export const importRunErrors = pgTable(
  'import_run_errors',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    line: integer('line').notNull(),
    field: text('field').notNull(),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
