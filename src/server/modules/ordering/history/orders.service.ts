import type { OrderResponse } from '../../../../shared/api/checkout';
import type { OrderListResponse } from '../../../../shared/api/orders';
import type { z } from 'zod';
import type { orderListQuery } from '../../../../shared/api/orders';
import { price, rateFraction } from '../../../../shared/money';
import type { Db } from '../../../db/client';
import { orderNotFound } from '../../../errors';
import type { ActiveSession } from '../../../context/session';
import { taxLabel, toApiAdjustments } from '../cart/cart.service';
import type { Lang } from '../../../plugins/language';
import { imageStyleUri } from '../../images/image-styles';
import * as repo from './orders.repository';
import { placedLineBackorder, placedLineUnit } from './placed-line';
import { publicState } from '../order-state';
import { bindTo } from '../bound';

type OrderListQuery = z.infer<typeof orderListQuery>;
type PlacedOrderRow = NonNullable<Awaited<ReturnType<typeof repo.findOwnPlacedOrder>>>;
type PlacedLineRow = Awaited<ReturnType<typeof repo.findOrderLines>>[number];

export interface OrdersDeps {
  apiBase: string;
}

/** The database and what the order history's functions share. */
export interface OrdersContext {
  db: Db;
  deps: OrdersDeps;
}

/**
 * The lines of one of the caller's own placed orders as they were placed ('Order again'):
 * article number, quantity, title; 404 for another user's order.
 */
export async function ownOrderLines({ db }: OrdersContext, uuid: string, session: ActiveSession): Promise<Array<{ sku: string | null; title: string | null; quantity: number }>> {
  const order = await repo.findOwnPlacedOrder(db, uuid.toLowerCase(), session.user.id);
  if (!order) throw orderNotFound();
  return (await repo.findOrderLines(db, order.id)).map((line) => ({ sku: line.sku, title: line.title, quantity: line.quantity }));
}

/**
 * GET /jsonapi/commerce_order/default: the caller's own orders out of draft, newest first.
 * A uid filter naming someone else lists nothing (never their orders).
 */
export async function ownOrders({ db }: OrdersContext, query: OrderListQuery, session: ActiveSession): Promise<OrderListResponse> {
  const uid = query['filter[uid.meta.drupal_internal__target_id]'];
  if (uid !== undefined && Number(uid) !== session.user.id) return { data: [], meta: { count: 0 } };
  const { rows, count } = await repo.findPlacedOrders(db, session.user.id, {
    offset: query['page[offset]'],
    limit: query['page[limit]'],
    newestFirst: query.sort !== 'placed',
  });
  const lines = await repo.findLinesOfOrders(db, rows.map((r) => r.id));
  return {
    data: rows.map((order) => ({
      type: 'commerce_order--default',
      id: order.uuid,
      drupal_internal__order_id: order.id,
      order_number: order.orderNumber ?? '',
      placed: order.placedAt?.toISOString() ?? '',
      state: publicState(order.state),
      total_price: price(order.totalCents ?? 0),
      order_items: lines
        .filter((l) => l.orderId === order.id)
        .map((l) => ({ quantity: String(l.quantity), purchased_entity: l.variationId === null ? null : { drupal_internal__variation_id: l.variationId } })),
    })),
    meta: { count },
  };
}

/** One line of a placed order as it was placed, with the variation and images when they still exist. */
function placedItemOf({ deps }: OrdersContext, line: PlacedLineRow, order: PlacedOrderRow, lang: Lang | undefined) {
  const orderLang = order.langcode === 'en' ? 'en' : 'nl';
  return {
    type: 'commerce_order_item--default' as const,
    id: line.uuid,
    drupal_internal__order_item_id: line.id,
    title: line.title ?? '',
    quantity: String(line.quantity),
    unit_price: price(line.unitPriceCents ?? 0),
    total_price: price(line.totalCents ?? 0),
    adjustments: line.taxRate
      ? [{ type: 'tax' as const, label: taxLabel(line.taxRate, orderLang), percentage: rateFraction(line.taxRate), amount: price(Math.round(((line.totalCents ?? 0) * line.taxRate) / 10_000)) }]
      : [],
    purchased_entity:
      line.variationId !== null && line.variationUuid !== null
        ? {
            type: 'commerce_product_variation--default' as const,
            id: line.variationUuid,
            drupal_internal__variation_id: line.variationId,
            sku: line.sku ?? '',
            title: line.title ?? '',
            product_uuid: line.productUuid,
          }
        : null,
    product_images: line.imageUuids.map((file) => ({
      image_style_uri: {
        small_thumbnail: imageStyleUri(deps.apiBase, 'small_thumbnail', file),
        thumbnail: imageStyleUri(deps.apiBase, 'thumbnail', file),
      },
    })),
    sales_unit: placedLineUnit(line, lang ?? orderLang),
    backorder: placedLineBackorder(line),
  };
}

/**
 * GET /jsonapi/commerce_order/default/{uuid}: one of the caller's own placed orders as it was
 * placed (its snapshot), never another user's (404).
 */
export async function ownOrder(ctx: OrdersContext, uuid: string, session: ActiveSession, lang?: Lang): Promise<OrderResponse> {
  const order = await repo.findOwnPlacedOrder(ctx.db, uuid.toLowerCase(), session.user.id);
  if (!order) throw orderNotFound();
  const lines = await repo.findOrderLines(ctx.db, order.id);
  const adjustments = toApiAdjustments(order.adjustments ?? [], lang);
  return {
    data: {
      type: 'commerce_order--default',
      id: order.uuid,
      drupal_internal__order_id: order.id,
      order_number: order.orderNumber,
      state: publicState(order.state),
      placed: order.placedAt?.toISOString() ?? null,
      mail: order.mail,
      order_items: lines.map((line) => placedItemOf(ctx, line, order, lang)),
      adjustments,
      order_total: { subtotal: price(order.subtotalCents ?? 0), adjustments, total: price(order.totalCents ?? 0) },
      total_price: price(order.totalCents ?? 0),
      req_dlv_date: order.reqDlvDate,
      po_reference: order.poReference,
      comment: order.customerComment,
      billing_address: order.billingAddress,
      delivery_address: order.deliveryAddress,
      shipping_method: order.shippingMethodLabel,
      payment_method: order.paymentMethodLabel,
      payment_state: order.paymentState,
      uid: { type: 'user--user', drupal_internal__uid: order.userId },
    },
  };
}

/** The caller's placed orders (My orders): the functions above, bound to the database and deps. */
export function createOrdersService(db: Db, deps: OrdersDeps) {
  const bind = bindTo<OrdersContext>({ db, deps });
  return { ownOrderLines: bind(ownOrderLines), ownOrders: bind(ownOrders), ownOrder: bind(ownOrder) };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
