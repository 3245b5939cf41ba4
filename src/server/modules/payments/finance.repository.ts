import { and, asc, eq, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { cashInvoices, payments, relations } from '../../db/schema';
import { userMailOf } from '../auth/users.service';

/** Finance's queries (issue 42): the payments kept for staff, and the open invoices of every relation. */

/** How many paid payments wait for staff. */
export async function countPaymentsToReview(db: DbOrTx): Promise<number> {
  return db.$count(payments, and(isNotNull(payments.reviewReason), isNull(payments.reviewedAt)));
}

/** Paid payments kept for staff and not yet handled, oldest first. */
export async function paymentsToReview(db: DbOrTx, limit: number) {
  return db
    .select({
      uuid: payments.uuid,
      kind: payments.kind,
      reason: payments.reviewReason,
      amountCents: payments.amountCents,
      expectedCents: payments.reviewExpectedCents,
      updatedAt: payments.updatedAt,
      providerId: payments.providerId,
      relationName: relations.name,
      relationErpNumber: relations.erpNumber,
      userMail: userMailOf(payments.userId),
      orderId: payments.orderId,
    })
    .from(payments)
    .innerJoin(relations, eq(relations.id, payments.relationId))
    .where(and(isNotNull(payments.reviewReason), isNull(payments.reviewedAt)))
    .orderBy(asc(payments.id))
    .limit(limit);
}

/** Staff handled a payment kept for them; false when there is no such payment waiting. */
export async function markReviewed(db: DbOrTx, uuid: string, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ reviewedAt: at, reviewedBy: userId, updatedAt: at })
    .where(and(eq(payments.uuid, uuid), isNotNull(payments.reviewReason), isNull(payments.reviewedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Finance's list of every relation's open invoices: a search on the relation, only the ones dated on or before `dueBefore`. */
export interface OpenInvoiceFilter {
  search: string;
  /** Only invoices dated before this day (overdue ones). */
  datedBefore?: string;
}

function openInvoiceWhere(filter: OpenInvoiceFilter): SQL | undefined {
  const parts: SQL[] = [ne(cashInvoices.outstandingCents, 0)];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(or(sql`${relations.name} ilike ${pattern}`, sql`${relations.erpNumber} ilike ${pattern}`, sql`${cashInvoices.invoiceNumber} ilike ${pattern}`)!);
  }
  if (filter.datedBefore) parts.push(lt(cashInvoices.entryDate, filter.datedBefore));
  return and(...parts);
}

/** A page of open invoices over all relations, the oldest first. */
export async function findAllOpenInvoices(db: DbOrTx, filter: OpenInvoiceFilter, limit: number, offset: number) {
  return db
    .select({
      id: cashInvoices.id,
      invoiceNumber: cashInvoices.invoiceNumber,
      entryDate: cashInvoices.entryDate,
      orderNumber: cashInvoices.orderNumber,
      outstandingCents: cashInvoices.outstandingCents,
      relationId: relations.id,
      relationUuid: relations.uuid,
      relationName: relations.name,
      relationErpNumber: relations.erpNumber,
    })
    .from(cashInvoices)
    .innerJoin(relations, eq(relations.id, cashInvoices.relationId))
    .where(openInvoiceWhere(filter))
    .orderBy(asc(cashInvoices.entryDate), asc(cashInvoices.id))
    .limit(limit)
    .offset(offset);
}

/** How many open invoices match, and what they come to. */
export async function sumAllOpenInvoices(db: DbOrTx, filter: OpenInvoiceFilter): Promise<{ count: number; totalCents: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, totalCents: sql<number>`coalesce(sum(${cashInvoices.outstandingCents}), 0)::bigint::float8` })
    .from(cashInvoices)
    .innerJoin(relations, eq(relations.id, cashInvoices.relationId))
    .where(openInvoiceWhere(filter));
  return { count: row?.count ?? 0, totalCents: Math.round(row?.totalCents ?? 0) };
}
