import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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

export const IMPORT_RESULTS = ['running', 'ok', 'failed'] as const;
export type ImportResult = (typeof IMPORT_RESULTS)[number];

/** One refused line of an import run. */
export interface ImportLineError {
  file: string;
  line: number;
  message: string;
}

/** Every ERP import (CLI or HTTP), one row per run (issue 42, point 8). */
export const importRuns = pgTable(
  'import_runs',
  {
    ...idAndUuid(),
    kind: text('kind').notNull(),
    /** 'cli' or 'http'; `startedBy` names the token's label or the CLI's user. */
    source: text('source').notNull(),
    startedBy: text('started_by').notNull().default(''),
    startedAt: stamped('started_at'),
    finishedAt: moment('finished_at'),
    newCount: integer('new_count').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    result: text('result', { enum: IMPORT_RESULTS }).notNull().default('running'),
    /** Why a failed run failed. */
    failure: text('failure'),
    lineErrors: jsonb('line_errors').$type<ImportLineError[]>().notNull().default([]),
  },
  (t) => [index('import_runs_started').on(t.startedAt, t.id)],
);
