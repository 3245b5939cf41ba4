import type { LineBackorder } from '../../../shared/api/availability';
import type { DbOrTx } from '../../db/client';
import * as checkoutRepo from './checkout/checkout.repository';
import * as repo from './ordering.repository';

/*
 * The ordering module's public face: the only file other modules import from modules/ordering/.
 * Cart, checkout and order history are one aggregate (the draft order is the cart), and the
 * ordering module alone reads and writes `orders` and `order_items`; what others need of them,
 * they ask here.
 */

export type { BoughtProduct, BoughtVariation } from './ordering.repository';
export { type CartAddition, type CartService, createCartService, type PricedCart, type SellableVariation, taxLabel } from './cart/cart.service';
export { minimumQuantity, orderSums, type DepositRow, unitPriceFor } from './cart/cart-maths';
export { depositLabel, thumbnailsOf } from './cart/cart-view';
export { multipleProblem } from './cart/order-multiple';
export { type CheckoutService, createCheckoutService, orderNumberOf, TotalMismatch } from './checkout/checkout.service';
export { createOrdersService, type OrdersService } from './history/orders.service';
export { CART_STATES, type OrderState, PLACED_STATES, publicState, stateAfter } from './order-state';
export { transitionOrder, transitionOrders } from './order-transition';
/** The staff dashboard's order figures (issue 42 point 9). */
export { orderDashboard } from './desk/dashboard';

/** Payments: the draft an online payment is for, locked until the transaction ends (its user, relation, state and language). */
export const lockDraftForPayment = (tx: DbOrTx, orderId: number) => repo.lockOrderForPayment(tx, orderId);

/** Payments' return pages: the order's id, uuid and state, without a lock; undefined when it is gone. */
export const orderRef = (db: DbOrTx, orderId: number) => repo.findOrderRef(db, orderId);

/** Whether the order (in any state) is the user's. */
export const isOwnOrder = (db: DbOrTx, orderId: number, userId: number) => repo.ownsOrder(db, orderId, userId);

/** The order numbers of these orders by id (null for a draft); an order that is gone is not in the map. */
export const orderNumbers = (db: DbOrTx, orderIds: readonly number[]) => repo.findOrderNumbers(db, orderIds);

/**
 * Quick order's usual products: the variations a relation bought since `since` (placed and
 * completed orders), each with in how many orders and the quantity and moment of the latest.
 */
export const variationsBoughtSince = (db: DbOrTx, relationId: number, since: Date) => repo.findBoughtVariations(db, relationId, since);

/** The food overview: the products a relation bought in orders placed from `start` up to `end`, with the article numbers. */
export const productsBoughtBetween = (db: DbOrTx, relationId: number, start: Date, end: Date) => repo.findBoughtProducts(db, relationId, start, end);

/** Notes on placed lines (by line id) how much of each is a backorder and when it was expected then (what stock answered at placing). */
export function recordBackorders(tx: DbOrTx, orderId: number, lines: ReadonlyArray<LineBackorder & { itemId: number }>): Promise<void> {
  return checkoutRepo.markBackorders(tx, orderId, lines);
}
