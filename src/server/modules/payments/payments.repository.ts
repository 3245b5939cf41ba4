import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cashInvoices, type PaymentStatus, paymentInvoices, paymentLinks, payments, relations } from '../../db/schema';

const UNFINISHED: PaymentStatus[] = ['open', 'pending', 'authorized'];

export interface OpenInvoiceRow {
  id: number;
  invoiceNumber: string;
  outstandingCents: number;
}

/** The relation's invoices with something outstanding (a credit too), oldest first. */
export async function openInvoices(db: DbOrTx, relationId: number): Promise<OpenInvoiceRow[]> {
  return db
    .select({ id: cashInvoices.id, invoiceNumber: cashInvoices.invoiceNumber, outstandingCents: cashInvoices.outstandingCents })
    .from(cashInvoices)
    .where(and(eq(cashInvoices.relationId, relationId), ne(cashInvoices.outstandingCents, 0)))
    .orderBy(asc(cashInvoices.entryDate), asc(cashInvoices.id));
}

export type PaymentRow = typeof payments.$inferSelect;

/** A new payment row, made at `at` (the shop's clock: the reconciliation job reads its age). */
export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert, at: Date): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values({ ...values, createdAt: at, updatedAt: at }).returning();
  if (!row) throw new Error('the payment was not stored');
  return row;
}

export async function insertPaymentInvoices(db: DbOrTx, paymentId: number, lines: Array<{ invoiceId: number; amountCents: number }>): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(paymentInvoices).values(lines.map((l) => ({ paymentId, ...l })));
}

export async function setProviderData(db: DbOrTx, paymentId: number, data: { providerId: string; checkoutUrl: string | null; expiresAt: Date | null; status: PaymentStatus }, at: Date) {
  await db.update(payments).set({ ...data, updatedAt: at }).where(eq(payments.id, paymentId));
}

export async function findByProviderId(db: DbOrTx, providerId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerId, providerId));
  return row;
}

export async function lockPayment(db: DbOrTx, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

export async function updatePayment(
  db: DbOrTx,
  paymentId: number,
  values: Partial<Pick<PaymentRow, 'status' | 'appliedAt' | 'checkedAt' | 'reviewReason' | 'reviewExpectedCents'>>,
  at: Date,
) {
  await db.update(payments).set({ ...values, updatedAt: at }).where(eq(payments.id, paymentId));
}

/** Closes a payment the provider will not finish, unless it was applied meanwhile; true when it did. */
export async function closeUnfinished(db: DbOrTx, paymentId: number, status: 'failed' | 'expired', at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status, appliedAt: at, checkedAt: at, updatedAt: at })
    .where(and(eq(payments.id, paymentId), isNull(payments.appliedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * The newest payment matching `owner` that the payer can still finish (it is offered again once
 * it has a checkout URL; without one, its provider call is still running).
 */
async function findUnfinished(db: DbOrTx, owner: SQL, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        owner,
        inArray(payments.status, UNFINISHED),
        isNull(payments.appliedAt),
        or(isNull(payments.expiresAt), sql`${payments.expiresAt} > ${now.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export const findUnfinishedForOrder = (db: DbOrTx, orderId: number, now: Date) => findUnfinished(db, eq(payments.orderId, orderId), now);
export const findUnfinishedForLink = (db: DbOrTx, linkId: number, now: Date) => findUnfinished(db, eq(payments.linkId, linkId), now);

/** The latest payment of an order started by the user. */
export async function latestForOrder(db: DbOrTx, orderId: number, userId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.userId, userId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** Takes amounts off invoices' outstanding amounts; an invoice that reaches 0 is paid. */
export async function applyInvoiceAmounts(db: DbOrTx, lines: Array<{ invoiceId: number; amountCents: number }>, at: Date): Promise<void> {
  for (const line of lines) {
    if (line.amountCents === 0) continue;
    await db
      .update(cashInvoices)
      .set({
        outstandingCents: sql`${cashInvoices.outstandingCents} - ${line.amountCents}`,
        paidAt: sql`case when ${cashInvoices.outstandingCents} - ${line.amountCents} = 0 then ${at.toISOString()}::timestamptz else ${cashInvoices.paidAt} end`,
        updatedAt: at,
      })
      .where(eq(cashInvoices.id, line.invoiceId));
  }
}

/** What the payment pays of its invoices in all (credits negative). */
export async function invoicesTotalOfPayment(db: DbOrTx, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${paymentInvoices.amountCents})` })
    .from(paymentInvoices)
    .where(eq(paymentInvoices.paymentId, paymentId));
  return Number(row?.cents ?? 0);
}

/** Takes what the payment covers off its invoices. */
export async function settleInvoices(db: DbOrTx, paymentId: number, at: Date): Promise<void> {
  const lines = await db.select().from(paymentInvoices).where(eq(paymentInvoices.paymentId, paymentId));
  await applyInvoiceAmounts(db, lines, at);
}

/** A payment row whose provider call never came back (a crash during it) is closed after this long. */
const ORPHAN_AFTER_MS = 10 * 60_000;

/**
 * Payments the reconciliation job should look at: unfinished ones past their expiry (with a
 * minute's grace for the provider's own expiry run), paid ones whose effects were never
 * applied (a crash between paid and placed), and rows the provider never gave an id (a crash
 * during the provider call: they would lock the cart for good). Claimed with SKIP LOCKED:
 * another instance running the job at the same moment takes other rows.
 */
export async function claimForReconciliation(db: DbOrTx, now: Date, limit: number): Promise<PaymentRow[]> {
  const grace = new Date(now.getTime() - 60_000);
  const orphaned = new Date(now.getTime() - ORPHAN_AFTER_MS);
  return db
    .select()
    .from(payments)
    .where(
      and(
        isNull(payments.appliedAt),
        or(
          and(isNotNull(payments.providerId), inArray(payments.status, UNFINISHED), lt(payments.expiresAt, grace)),
          and(isNotNull(payments.providerId), eq(payments.status, 'paid')),
          and(isNull(payments.providerId), inArray(payments.status, UNFINISHED), lt(payments.createdAt, orphaned)),
        ),
        // A claim is a lease of a minute (the claim sets checked_at): another instance that
        // runs the job right after leaves the rows to the one that has them.
        or(isNull(payments.checkedAt), lt(payments.checkedAt, grace)),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertLink(db: DbOrTx, values: typeof paymentLinks.$inferInsert) {
  const [row] = await db.insert(paymentLinks).values(values).returning();
  if (!row) throw new Error('the payment link was not stored');
  return row;
}

export async function findLink(db: DbOrTx, token: string) {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.uuid, token));
  return row;
}

/** The link's invoices as they stand now. */
export async function invoicesByIds(db: DbOrTx, ids: number[]): Promise<OpenInvoiceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: cashInvoices.id, invoiceNumber: cashInvoices.invoiceNumber, outstandingCents: cashInvoices.outstandingCents })
    .from(cashInvoices)
    .where(inArray(cashInvoices.id, ids))
    .orderBy(asc(cashInvoices.entryDate), asc(cashInvoices.id));
}

export async function findByUuid(db: DbOrTx, uuid: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.uuid, uuid));
  return row;
}

export async function relationLangcode(db: DbOrTx, relationId: number): Promise<string | undefined> {
  const [row] = await db.select({ langcode: relations.langcode, active: relations.active }).from(relations).where(eq(relations.id, relationId));
  return row?.active ? row.langcode : undefined;
}

/** One of the relation's invoices. */
export async function findRelationInvoice(db: DbOrTx, invoiceId: number, relationId: number) {
  const [row] = await db
    .select()
    .from(cashInvoices)
    .where(and(eq(cashInvoices.id, invoiceId), eq(cashInvoices.relationId, relationId)));
  return row;
}

/** Payments of one invoice on its own (kind cash_invoice). */
const ofInvoice = (invoiceId: number) =>
  and(
    eq(payments.kind, 'cash_invoice'),
    sql`exists (select 1 from ${paymentInvoices} where ${paymentInvoices.paymentId} = ${payments.id} and ${paymentInvoices.invoiceId} = ${invoiceId})`,
  )!;

export const findUnfinishedForInvoice = (db: DbOrTx, invoiceId: number, now: Date) => findUnfinished(db, ofInvoice(invoiceId), now);

export async function latestForInvoice(db: DbOrTx, invoiceId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(ofInvoice(invoiceId)).orderBy(desc(payments.id)).limit(1);
  return row;
}

/** The relation's open invoices for My orders, with the webshop order they belong to. */
export async function openInvoicesForList(db: DbOrTx, relationId: number) {
  return db
    .select({
      id: cashInvoices.id,
      orderId: cashInvoices.orderId,
      invoiceNumber: cashInvoices.invoiceNumber,
      cashOrderId: cashInvoices.cashOrderId,
      entryDate: cashInvoices.entryDate,
      orderNumber: cashInvoices.orderNumber,
      outstandingCents: cashInvoices.outstandingCents,
    })
    .from(cashInvoices)
    .where(and(eq(cashInvoices.relationId, relationId), ne(cashInvoices.outstandingCents, 0)))
    .orderBy(desc(cashInvoices.entryDate), desc(cashInvoices.id));
}
