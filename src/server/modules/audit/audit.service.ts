import type { Actor } from '../../context/actor';
import type { DbOrTx } from '../../db/client';
import * as repo from './audit.repository';

/**
 * The audit log (issue 42, decision 037): one entry per change, written by the caller in the
 * change's own transaction, so a change and its entry are stored together or not at all.
 */
export interface AuditEntry {
  /** What was changed: 'order', 'user', 'relation', 'price_request', 'import_run', ... */
  entity: string;
  entityId: string | number;
  /** The relation the entity belongs to (shown on the customer's timeline). */
  relationId?: number | null;
  /** What happened, e.g. 'state.cancel', 'order.change', 'user.block'. */
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** When, by the shop's clock (the database's when not given). */
  at?: Date;
}

function who(actor: Actor): Pick<repo.NewAuditRow, 'userId' | 'userName' | 'masqueradeFromUserId' | 'system' | 'ip'> {
  return actor.kind === 'user'
    ? {
        userId: actor.userId,
        userName: actor.userName ?? null,
        masqueradeFromUserId: actor.masqueradeFromUserId,
        system: null,
        ip: actor.ip ?? null,
      }
    : { userId: null, userName: null, masqueradeFromUserId: null, system: actor.name, ip: actor.ip ?? null };
}

/** Writes entries by one actor in the caller's transaction. */
export async function recordAudit(db: DbOrTx, actor: Actor, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  const by = who(actor);
  await repo.appendEntries(
    db,
    list.map((entry) => ({
      ...by,
      entity: entry.entity,
      entityId: String(entry.entityId),
      relationId: entry.relationId ?? null,
      action: entry.action,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ...(entry.at ? { at: entry.at } : {}),
    })),
  );
}

export type { AuditFilter, AuditRow } from './audit.repository';
export const listAuditEntries = repo.listEntries;
export { auditExportCsv, auditPage, auditRows, type AuditListParams } from './audit-list';
