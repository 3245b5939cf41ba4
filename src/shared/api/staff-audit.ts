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

/** GET /api/staff/audit: filters on who (a login name), what (entity and id, or a relation) and when (days in Amsterdam, both included). */
export const auditListQuery = z
  .object({
    user: z.string().trim().min(1).max(100, 'A login name is at most 100 characters.').optional(),
    entity: z.string().trim().regex(/^[a-z_]{1,40}$/, 'An entity is a word such as order or user.').optional(),
    entity_id: z.string().trim().min(1).max(64, 'An id is at most 64 characters.').optional(),
    relation: z.uuid('relation is the uuid of a customer relation.').optional(),
    from: day.optional(),
    until: day.optional(),
    page: staffPage,
  })
  .refine((q) => !q.from || !q.until || q.from <= q.until, { message: 'The period ends before it starts.', path: ['until'] });
export type AuditListQuery = z.input<typeof auditListQuery>;

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
