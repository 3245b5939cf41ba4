import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { buildOncePerDriver } from '../../../db/prepared';
import { orders, relations, shippingMethods } from '../../../db/schema';
import type { Lang } from '../../../plugins/language';

export interface DraftRow {
  id: number;
  uuid: string;
  userId: number;
  relationId: number;
  shippingMethodId: string | null;
  paymentMethodId: string | null;
  deliveryAddressId: number | null;
  reqDlvDate: string | null;
  poReference: string;
  customerComment: string;
}

const draftColumns = {
  id: orders.id,
  uuid: orders.uuid,
  userId: orders.userId,
  relationId: orders.relationId,
  shippingMethodId: orders.shippingMethodId,
  paymentMethodId: orders.paymentMethodId,
  deliveryAddressId: orders.deliveryAddressId,
  reqDlvDate: orders.reqDlvDate,
  poReference: orders.poReference,
  customerComment: orders.customerComment,
};

/*
 * Adding to the cart runs these on every click: prepared statements (see db/prepared.ts), so
 * PostgreSQL plans them once per connection instead of on every request.
 */
const draftQuery = (lock: boolean) =>
  buildOncePerDriver((db) => {
    const query = db
      .select(draftColumns)
      .from(orders)
      .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.relationId, sql.placeholder('relationId')), eq(orders.state, 'draft')));
    return (lock ? query.for('update') : query).prepare(lock ? 'cart_draft_locked' : 'cart_draft');
  });
const draftLocked = draftQuery(true);
const draftUnlocked = draftQuery(false);

/** The cart of a user for a relation; `lock` holds its row until the transaction ends. */
export async function findDraft(db: DbOrTx, userId: number, relationId: number, { lock = false } = {}): Promise<DraftRow | undefined> {
  const [row] = await (lock ? draftLocked : draftUnlocked)(db).execute({ userId, relationId });
  return row;
}

const lockDraftMarkingChangedQuery = buildOncePerDriver((db) =>
  db
    .update(orders)
    .set({ changedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.relationId, sql.placeholder('relationId')), eq(orders.state, 'draft')))
    .returning(draftColumns)
    .prepare('cart_draft_touch'),
);

/**
 * The cart of a user for a relation, locked and marked changed at `now` in one statement (what
 * adding to the cart does first; a refused change rolls the mark back with the rest).
 *
 * The transaction commits synchronously, as every other: an answered click survives a crash of
 * the shop or the database server (decision 017; decision 013 had it commit asynchronously,
 * which on PGlite lost every click since the last synchronous commit at a `kill -9`).
 */
export async function lockDraftMarkingChanged(db: DbOrTx, userId: number, relationId: number, now: Date): Promise<DraftRow | undefined> {
  const [row] = await lockDraftMarkingChangedQuery(db).execute({ userId, relationId, now: now.toISOString() });
  return row;
}

/** The cart by id, only when it is the user's own draft for the relation. */
export async function findOwnDraftById(
  db: DbOrTx,
  orderId: number,
  userId: number,
  relationId: number,
  { lock = false } = {},
): Promise<DraftRow | undefined> {
  const query = db
    .select(draftColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.relationId, relationId), eq(orders.state, 'draft')));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Makes the cart if there is none (two concurrent first adds make one). */
export async function createDraft(db: DbOrTx, values: { userId: number; relationId: number; langcode: string; deliveryAddressId: number | null }): Promise<void> {
  await db
    .insert(orders)
    .values({ ...values, state: 'draft' })
    .onConflictDoNothing({ target: [orders.userId, orders.relationId], where: sql`${orders.state} = 'draft'` });
}

export interface RelationTerms {
  id: number;
  name: string;
  pricelist: string;
  freeDeliveryAmount: string;
  deliveryDays: string[];
  depositsCountFreeDelivery: boolean;
  poReferenceRequired: boolean;
  addressLine1: string;
  postalCode: string;
  locality: string;
  countryCode: string;
}

export async function findRelationTerms(db: DbOrTx, relationId: number): Promise<RelationTerms | undefined> {
  const [row] = await db
    .select({
      id: relations.id,
      name: relations.name,
      pricelist: relations.pricelist,
      freeDeliveryAmount: relations.freeDeliveryAmount,
      deliveryDays: relations.deliveryDays,
      depositsCountFreeDelivery: relations.depositsCountFreeDelivery,
      poReferenceRequired: relations.poReferenceRequired,
      addressLine1: relations.addressLine1,
      postalCode: relations.postalCode,
      locality: relations.locality,
      countryCode: relations.countryCode,
    })
    .from(relations)
    .where(and(eq(relations.id, relationId), eq(relations.active, true)));
  return row;
}

export interface ShippingMethodRow {
  id: string;
  label: string;
  rateCents: number;
  franco: boolean;
}

export async function findShippingMethod(db: DbOrTx, id: string, lang: Lang): Promise<ShippingMethodRow | undefined> {
  const [row] = await db
    .select({
      id: shippingMethods.id,
      label: lang === 'en' ? shippingMethods.labelEn : shippingMethods.labelNl,
      rateCents: shippingMethods.rateCents,
      franco: shippingMethods.franco,
    })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.active, true)));
  return row;
}

export async function touchOrder(db: DbOrTx, orderId: number, at: Date): Promise<void> {
  await db.update(orders).set({ changedAt: at }).where(eq(orders.id, orderId));
}

