import type { AuditEntry, AuditListResponse } from '../../../shared/api/staff-audit';
import { AUDIT_EXPORT_LIMIT, AUDIT_PER_PAGE } from '../../../shared/api/staff-audit';
import { amsterdamMoment, attachment, csvFile } from '../../csv';
import type { DbOrTx } from '../../db/client';
import { textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { AUDIT_MESSAGES } from './audit.messages';
import { userIdByName, userNames } from '../auth/users.service';
import * as repo from './audit.repository';

export interface AuditListParams {
  user?: string;
  entity?: string;
  entity_id?: string;
  relation?: string;
  from?: string;
  until?: string;
  page: number;
}

const EMPTY = (page: number): AuditListResponse => ({ data: [], meta: { page, per_page: AUDIT_PER_PAGE, has_more: false } });

/** The filter in the log's own terms; null when a named user or relation does not exist (nothing can match). */
async function filterOf(db: DbOrTx, params: AuditListParams): Promise<repo.AuditFilter | null> {
  const filter: repo.AuditFilter = { entity: params.entity, entityId: params.entity_id, fromDay: params.from, untilDay: params.until };
  if (params.user) {
    const userId = await userIdByName(db, params.user);
    if (userId === null) return null;
    filter.userId = userId;
  }
  if (params.relation) {
    const relationId = await repo.relationIdByUuid(db, params.relation);
    if (relationId === null) return null;
    filter.relationId = relationId;
  }
  return filter;
}

function toEntry(row: repo.AuditRow, names: Map<number, string>): AuditEntry {
  const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? names.get(id) ?? `#${id}` });
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: named(row.userId, row.userName),
    masquerade_from: named(row.masqueradeFromUserId, row.masqueradeFromName),
    system: row.system,
    entity: row.entity,
    entity_id: row.entityId,
    action: row.action,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: row.ip,
  };
}

/** Rows matching the params, newest first, `limit` of them from `offset`, with the names of the users involved. */
export async function auditRows(db: DbOrTx, params: AuditListParams, offset: number, limit: number): Promise<AuditEntry[] | null> {
  const filter = await filterOf(db, params);
  if (!filter) return null;
  const rows = await repo.listEntries(db, filter, { offset, limit });
  const unnamed = rows.flatMap((r) => [r.userName === null ? r.userId : null, r.masqueradeFromName === null ? r.masqueradeFromUserId : null]);
  const names = await userNames(db, [...new Set(unnamed.filter((id): id is number => id !== null))]);
  return rows.map((row) => toEntry(row, names));
}

/** One page of the audit list (staff's audit page, an order's or a customer's timeline). */
export async function auditPage(db: DbOrTx, params: AuditListParams): Promise<AuditListResponse> {
  const rows = await auditRows(db, params, (params.page - 1) * AUDIT_PER_PAGE, AUDIT_PER_PAGE + 1);
  if (!rows) return EMPTY(params.page);
  return { data: rows.slice(0, AUDIT_PER_PAGE), meta: { page: params.page, per_page: AUDIT_PER_PAGE, has_more: rows.length > AUDIT_PER_PAGE } };
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The export's rows: who, the staff behind a masquerade, what, the change, the reason, when (Amsterdam) and the address. */
function exportRow(entry: AuditEntry, lang: Lang): Array<string | number> {
  const who = entry.user?.name ?? textIn(lang, AUDIT_MESSAGES, 'system', { name: entry.system ?? '?' });
  return [who, entry.masquerade_from?.name ?? '', entry.entity, entry.entity_id, entry.action, json(entry.before), json(entry.after), entry.reason ?? '', amsterdamMoment(new Date(entry.at)), entry.ip ?? ''];
}

const HEADER = ['csv_who', 'csv_on_behalf', 'csv_entity', 'csv_id', 'csv_action', 'csv_before', 'csv_after', 'csv_reason', 'csv_when', 'csv_address'] as const;

/** GET /api/staff/audit/export: every entry the filters match, newest first, up to AUDIT_EXPORT_LIMIT, as CSV. */
export async function auditExportCsv(db: DbOrTx, params: Omit<AuditListParams, 'page'>, lang: Lang, today: string): Promise<{ body: string; disposition: string }> {
  const rows = (await auditRows(db, { ...params, page: 1 }, 0, AUDIT_EXPORT_LIMIT)) ?? [];
  const body = csvFile(
    HEADER.map((key) => textIn(lang, AUDIT_MESSAGES, key)),
    rows.map((entry) => exportRow(entry, lang)),
  );
  return { body, disposition: attachment(`${textIn(lang, AUDIT_MESSAGES, 'file_name')}-${today}.csv`) };
}
