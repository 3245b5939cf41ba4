import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { buildOncePerDriver } from '../../db/prepared';
import {
  deliveryAddresses,
  orderItems,
  orders,
  payments,
  products,
  relations,
  shippingMethods,
  variations,
} from '../../db/schema';
import type { Lang } from '../../plugins/language';
import { type PriceContext, type SellableVariation, sellableColumnsOfParams } from './cart-prices.repository';

export interface DraftRow {
  id: number;
  uuid: string;
  userId: number;
  relationId: number;
  shippingMethodId: string | null;
  paymentMethodId: string | null;
  deliveryAddressId: number | null;
  reqDlvDate: string | null;
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

export async function defaultDeliveryAddressId(db: DbOrTx, relationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: deliveryAddresses.id })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.relationId, relationId))
    .orderBy(sql`${deliveryAddresses.isDefault} desc`, asc(deliveryAddresses.id))
    .limit(1);
  return row?.id ?? null;
}

export interface RelationTerms {
  id: number;
  name: string;
  pricelist: string;
  freeDeliveryAmount: string;
  deliveryDays: string[];
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

const insertLineQuery = buildOncePerDriver((db) =>
  db
    .insert(orderItems)
    .values({
      orderId: sql.placeholder('orderId'),
      variationId: sql.placeholder('variationId'),
      productId: sql.placeholder('productId'),
      quantity: sql.placeholder('quantity'),
    })
    .returning({ itemId: orderItems.id, itemUuid: orderItems.uuid })
    .prepare('cart_insert_line'),
);

export async function insertLine(db: DbOrTx, values: { orderId: number; variationId: number; productId: number; quantity: number }): Promise<{ itemId: number; itemUuid: string }> {
  const [row] = await insertLineQuery(db).execute(values);
  if (!row) throw new Error('the order line was not stored');
  return row;
}

export interface LineQuantity {
  itemId: number;
  itemUuid: string;
  variationId: number;
  quantity: number;
}

/**
 * A payment of the order that is under way (decision 010): its row exists (from before the
 * provider is called), it is open, pending or authorized, not applied and not expired.
 */
const paymentUnderwayCondition = sql`${payments.orderId} = ${sql.placeholder('orderId')}
  and ${payments.status} in ('open', 'pending', 'authorized')
  and ${payments.appliedAt} is null
  and (${payments.expiresAt} is null or ${payments.expiresAt} > ${sql.placeholder('now')}::timestamptz)`;

/** Whether a payment of the order `orderId` is under way, and its lines without prices. */
const changeStateColumns = () => ({
  paymentUnderway: sql<boolean>`exists (select 1 from ${payments} where ${paymentUnderwayCondition})`,
  lines: sql<LineQuantity[]>`coalesce((select json_agg(json_build_object(
      'itemId', ${orderItems.id}, 'itemUuid', ${orderItems.uuid}, 'variationId', ${orderItems.variationId}, 'quantity', ${orderItems.quantity}
    ) order by ${orderItems.id}) from ${orderItems}
    where ${orderItems.orderId} = ${sql.placeholder('orderId')} and ${orderItems.variationId} is not null), '[]'::json)`,
});

const changeStateQuery = buildOncePerDriver((db) =>
  db
    .select({
      ...changeStateColumns(),
    })
    .from(sql`(select 1) as one`)
    .prepare('cart_change_state'),
);

/**
 * What a change to a locked cart needs to know, in one statement: whether a payment of it is
 * under way, and its lines without prices. Read after the lock (a statement of its own), so it
 * sees a payment that a transaction holding the lock before had made.
 */
export async function findChangeState(db: DbOrTx, orderId: number, now: Date): Promise<{ paymentUnderway: boolean; lines: LineQuantity[] }> {
  const [row] = await changeStateQuery(db).execute({ orderId, now: now.toISOString() });
  return row ?? { paymentUnderway: false, lines: [] };
}

/*
 * The same and one variation with what it costs the relation today, in one statement: adding
 * one product (a click on 'In winkelwagen'). The variation is joined to a single row, so the row
 * is there also when the variation is not.
 */
const changeStateOneQuery = (lang: Lang) =>
  buildOncePerDriver((db) =>
    db
      .select({
        ...changeStateColumns(),
        found: sql<boolean>`${variations.id} is not null`,
        ...sellableColumnsOfParams(lang),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(variations, eq(variations.id, sql.placeholder('id')))
      .leftJoin(products, eq(products.id, variations.productId))
      .prepare(`cart_change_state_one_${lang}`),
  );
const changeStateOne = { nl: changeStateOneQuery('nl'), en: changeStateOneQuery('en') };

/** findChangeState and findSellableVariations for one variation, in one statement. */
export async function findChangeStateWithVariation(
  db: DbOrTx,
  orderId: number,
  now: Date,
  variationId: number,
  context: PriceContext,
): Promise<{ paymentUnderway: boolean; lines: LineQuantity[]; variation: SellableVariation | null }> {
  const [row] = await changeStateOne[context.lang](db).execute({
    orderId,
    now: now.toISOString(),
    id: variationId,
    pricelist: context.pricelist,
    relationId: context.relationId,
    day: context.day,
  });
  if (!row) throw new Error('the cart state query answered no row');
  const { paymentUnderway, lines, found, ...variation } = row;
  return { paymentUnderway, lines, variation: found ? (variation as SellableVariation) : null };
}

const setLineQuantityQuery = buildOncePerDriver((db) =>
  db
    .update(orderItems)
    .set({ quantity: sql`${sql.placeholder('quantity')}::int` })
    .where(and(eq(orderItems.id, sql.placeholder('itemId')), eq(orderItems.orderId, sql.placeholder('orderId'))))
    .prepare('cart_set_line_quantity'),
);

export async function setLineQuantity(db: DbOrTx, orderId: number, itemId: number, quantity: number): Promise<void> {
  await setLineQuantityQuery(db).execute({ orderId, itemId, quantity });
}

/** Deletes lines of the order; answers how many went. */
export async function deleteLines(db: DbOrTx, orderId: number, itemIds: number[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const gone = await db
    .delete(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, itemIds)))
    .returning({ id: orderItems.id });
  return gone.length;
}

export async function touchOrder(db: DbOrTx, orderId: number, at: Date): Promise<void> {
  await db.update(orders).set({ changedAt: at }).where(eq(orders.id, orderId));
}

const paymentUnderwayQuery = buildOncePerDriver((db) =>
  db.select({ id: payments.id }).from(payments).where(paymentUnderwayCondition).limit(1).prepare('cart_payment_underway'),
);

/** Whether a payment of the order is under way (open, pending or authorized, not expired). */
export async function paymentUnderway(db: DbOrTx, orderId: number, now: Date): Promise<boolean> {
  const rows = await paymentUnderwayQuery(db).execute({ orderId, now: now.toISOString() });
  return rows.length > 0;
}
