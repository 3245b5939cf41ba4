import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { perHandle } from '../../db/prepared';
import {
  deliveryAddresses,
  files,
  orderItems,
  orders,
  payments,
  prices,
  productImages,
  products,
  quoteLines,
  quotes,
  relations,
  shippingMethods,
  variations,
} from '../../db/schema';
import type { Lang } from '../../plugins/language';
import type { ScaledPriceRow } from './cart-maths';

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
  perHandle((db) => {
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

// ---------------------------------------------------------------------------------------------
// What a variation costs the relation today

/** The variation's scaled prices in the list on the day: per quantity the price that started last. */
const scaledPricesOf = (variation: SQL, pricelist: string | SQL, day: string | SQL) =>
  sql<ScaledPriceRow[]>`coalesce((select json_agg(json_build_object('minQuantity', p.q, 'unitPriceCents', p.cents) order by p.q) from (
      select distinct on (${prices.minQuantity}) ${prices.minQuantity} as q, ${prices.unitPriceCents} as cents
      from ${prices}
      where ${prices.variationId} = ${variation} and ${prices.pricelist} = ${pricelist}
        and (${prices.validFrom} is null or ${prices.validFrom} <= ${day}::date)
        and (${prices.validUntil} is null or ${prices.validUntil} >= ${day}::date)
      order by ${prices.minQuantity}, ${prices.validFrom} desc nulls last) p), '[]'::json)`;

/** The relation's quoted prices for the variation in quotes valid on the day. */
const quotedPricesOf = (variation: SQL, relationId: number | SQL, day: string | SQL) =>
  sql<ScaledPriceRow[]>`coalesce((select json_agg(json_build_object('minQuantity', ${quoteLines.quantity}, 'unitPriceCents', ${quoteLines.quotePriceCents}))
      from ${quoteLines} join ${quotes} on ${quotes.id} = ${quoteLines.quoteId}
      where ${quoteLines.variationId} = ${variation} and ${quotes.relationId} = ${relationId}
        and (${quotes.validUntil} is null or ${quotes.validUntil} >= ${day}::date)), '[]'::json)`;

const thumbnailsOf = () =>
  sql<string[]>`coalesce((select json_agg(${files.uuid} order by ${productImages.weight}, ${files.id})
      from ${productImages} join ${files} on ${files.id} = ${productImages.fileId}
      where ${productImages.productId} = ${products.id}), '[]'::json)`;

export interface PriceContext {
  lang: Lang;
  pricelist: string;
  relationId: number;
  /** The business day, YYYY-MM-DD. */
  day: string;
}

export interface SellableVariation {
  variationId: number;
  variationUuid: string;
  sku: string;
  productId: number;
  productUuid: string;
  title: string;
  taxRate: number;
  /** Both the product and the variation are active. */
  active: boolean;
  scaled: ScaledPriceRow[];
  quoted: ScaledPriceRow[];
  /** File uuids of the product's images, in order. */
  imageUuids: string[];
}

function sellableColumns(context: { lang: Lang; pricelist: string | SQL; relationId: number | SQL; day: string | SQL }) {
  const en = context.lang === 'en';
  return {
    variationId: variations.id,
    variationUuid: variations.uuid,
    sku: variations.sku,
    productId: products.id,
    productUuid: products.uuid,
    title: en ? products.titleEn : products.titleNl,
    taxRate: products.taxRate,
    active: sql<boolean>`(${products.active} and ${variations.active})`,
    scaled: scaledPricesOf(sql`${variations.id}`, context.pricelist, context.day),
    quoted: quotedPricesOf(sql`${variations.id}`, context.relationId, context.day),
    imageUuids: thumbnailsOf(),
  };
}

const sellableQuery = (lang: Lang) =>
  perHandle((db) =>
    db
      .select(sellableColumns({ lang, pricelist: sql`${sql.placeholder('pricelist')}`, relationId: sql`${sql.placeholder('relationId')}`, day: sql`${sql.placeholder('day')}` }))
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(sql`${variations.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare(`cart_sellable_${lang}`),
  );
const sellable = { nl: sellableQuery('nl'), en: sellableQuery('en') };

/** Variations by id with what they cost the relation today: one query for any number. */
export async function findSellableVariations(db: DbOrTx, ids: number[], context: PriceContext): Promise<SellableVariation[]> {
  if (ids.length === 0) return [];
  return sellable[context.lang](db).execute({ ids, pricelist: context.pricelist, relationId: context.relationId, day: context.day });
}

export interface CartLineRow extends SellableVariation {
  itemId: number;
  itemUuid: string;
  quantity: number;
}

/** The cart's lines with their variations and prices, in the order they were added: one query. */
export async function findCartLines(db: DbOrTx, orderId: number, context: PriceContext): Promise<CartLineRow[]> {
  return db
    .select({ itemId: orderItems.id, itemUuid: orderItems.uuid, quantity: orderItems.quantity, ...sellableColumns(context) })
    .from(orderItems)
    .innerJoin(variations, eq(variations.id, orderItems.variationId))
    .innerJoin(products, eq(products.id, variations.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function countLines(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return row?.n ?? 0;
}

export async function insertLine(db: DbOrTx, values: { orderId: number; variationId: number; productId: number; quantity: number }): Promise<{ itemId: number; itemUuid: string }> {
  const [row] = await db.insert(orderItems).values(values).returning({ itemId: orderItems.id, itemUuid: orderItems.uuid });
  if (!row) throw new Error('the order line was not stored');
  return row;
}

const lineQuantitiesQuery = perHandle((db) =>
  db
    .select({ itemId: orderItems.id, itemUuid: orderItems.uuid, variationId: orderItems.variationId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .prepare('cart_line_quantities'),
);

/** The cart's lines without prices: what adding to the cart needs to know. */
export async function findLineQuantities(db: DbOrTx, orderId: number): Promise<Array<{ itemId: number; itemUuid: string; variationId: number; quantity: number }>> {
  const rows = await lineQuantitiesQuery(db).execute({ orderId });
  return rows.filter((r): r is typeof r & { variationId: number } => r.variationId !== null);
}

export async function setLineQuantity(db: DbOrTx, orderId: number, itemId: number, quantity: number): Promise<void> {
  await db
    .update(orderItems)
    .set({ quantity })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
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

const paymentUnderwayQuery = perHandle((db) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, sql.placeholder('orderId')),
        inArray(payments.status, ['open', 'pending', 'authorized']),
        sql`${payments.providerId} is not null`,
        sql`(${payments.expiresAt} is null or ${payments.expiresAt} > ${sql.placeholder('now')}::timestamptz)`,
      ),
    )
    .limit(1)
    .prepare('cart_payment_underway'),
);

/** Whether a payment of the order is under way (open, pending or authorized, not expired). */
export async function paymentUnderway(db: DbOrTx, orderId: number, now: Date): Promise<boolean> {
  const rows = await paymentUnderwayQuery(db).execute({ orderId, now: now.toISOString() });
  return rows.length > 0;
}
