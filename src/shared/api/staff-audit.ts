import { z } from 'zod';

import { staffPage } from './staff';

/** Audit entries per page of the staff audit list. */
export const AUDIT_PER_PAGE = 50;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written as YYYY-MM-DD.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'This date does not exist.');

/** The audit log's filters: who (a login name), what (entity and id, or a relation) and when (days in Amsterdam, both included). */
const auditFilters = z.object({
  user: z.string().trim().min(1).max(100, 'A login name is at most 100 characters.').optional(),
  entity: z.string().trim().regex(/^[a-z_]{1,40}$/, 'An entity is a word such as order or user.').optional(),
  entity_id: z.string().trim().min(1).max(64, 'An id is at most 64 characters.').optional(),
  relation: z.uuid('relation is the uuid of a customer relation.').optional(),
  from: day.optional(),
  until: day.optional(),
});
const periodInOrder = (q: { from?: string; until?: string }) => !q.from || !q.until || q.from <= q.until;
const periodReversed = { message: 'The period ends before it starts.', path: ['until'] };

/** GET /api/staff/audit: the filters and a page. */
export const auditListQuery = auditFilters.extend({ page: staffPage }).refine(periodInOrder, periodReversed);
export type AuditListQuery = z.input<typeof auditListQuery>;

/** GET /api/staff/audit/export: the same filters, every matching entry (up to AUDIT_EXPORT_LIMIT) as CSV. */
export const auditExportQuery = auditFilters.refine(periodInOrder, periodReversed);
export type AuditExportQuery = z.input<typeof auditExportQuery>;

/** The most entries an export holds, newest first (a narrower filter gives the rest). */
export const AUDIT_EXPORT_LIMIT = 10_000;

const who = z.object({ id: z.number().int(), name: z.string() });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The user who made the change; null for a part of the shop (`system`). */
  user: who.nullable(),
  /** The staff user behind a masquerade. */
  masquerade_from: who.nullable(),
  system: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListResponse = z.object({
  data: z.array(auditEntry),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), has_more: z.boolean() }),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;
