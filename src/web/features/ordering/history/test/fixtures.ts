import type { OrderResource } from '../../../../../shared/api/checkout';
import type { CashInvoice, OrderListItem, OrderListResponse } from '../../../../../shared/api/orders';
import { price } from '../../../../../shared/money';
import { jsonResponse, on } from '../../../../test/fetch-mock';
import { emptyCart, favorites, JSONAPI, menus, USER_ID, uuidOf } from '../../../../test/shop-data';

export const T = { timeout: 10_000 };

/** Order `id`, placed `id` days before 2026-11-22 at 23:30 UTC (the next day in Amsterdam). */
export function listItem(id: number): OrderListItem {
  const placed = new Date(Date.UTC(2026, 10, 22 - (100 - id), 23, 30));
  return {
    type: 'commerce_order--default',
    id: uuidOf(id),
    drupal_internal__order_id: id,
    order_number: `W${String(id).padStart(7, '0')}`,
    placed: placed.toISOString(),
    state: 'completed',
    total_price: price(10_000 + id * 100),
    order_items: [{ quantity: '2', purchased_entity: { drupal_internal__variation_id: 9 } }],
  };
}

/** 18 orders, newest (id 100) first, as the server pages them (15 a page). */
export const ALL_ORDERS = Array.from({ length: 18 }, (_, i) => listItem(100 - i));

export function ordersPage(offset: number, orders = ALL_ORDERS): OrderListResponse {
  return { data: orders.slice(offset, offset + 15), meta: { count: orders.length } };
}

/** Answers the order list by its page[offset]. */
export const orderList = (orders = ALL_ORDERS) =>
  on('GET', '/jsonapi/commerce_order/default?', (call) => {
    const offset = Number(new URL(call.url, 'http://shop.test').searchParams.get('page[offset]') ?? 0);
    return jsonResponse(200, ordersPage(offset, orders), JSONAPI);
  });

export const OUTSIDE: CashInvoice[] = [
  { id: 1, invoiceNumber: 'F260001', cashOrderId: 'K0700037', entryDate: '2026-10-19', outstandingAmount: 487.65 },
  { id: 2, invoiceNumber: 'F260002', cashOrderId: 'K0700074', entryDate: '2026-11-10', outstandingAmount: 129.5 },
  { id: 3, invoiceNumber: 'F260003', cashOrderId: 'K0700111', entryDate: '2026-11-13', outstandingAmount: -25 },
];
/** Open invoices of webshop orders 100 (to pay) and 98 (a credit). */
export const OF_ORDERS: CashInvoice[] = [
  { id: 20, orderId: 100, invoiceNumber: 'F265003', cashOrderId: 'K0800100', entryDate: '2026-11-21', outstandingAmount: 200 },
  { id: 21, orderId: 98, invoiceNumber: 'F265002', cashOrderId: 'K0800098', entryDate: '2026-11-19', outstandingAmount: -12.5 },
];

export const openInvoices = (invoices: CashInvoice[] = [...OUTSIDE, ...OF_ORDERS]) =>
  on('GET', `/api/cash-invoice/user/${USER_ID}/relation/open-invoices`, () => jsonResponse(200, { data: { data: invoices } }));

/** The order call for that order, asked by its uuid or by its numeric id. */
export const orderCall = (resource: OrderResource): ReturnType<typeof on> => {
  const byUuid = on('GET', `/jsonapi/commerce_order/default/${resource.id}`, () => jsonResponse(200, { data: resource }, JSONAPI));
  const byId = on('GET', `/jsonapi/commerce_order/default/${resource.drupal_internal__order_id}?`, () => jsonResponse(200, { data: resource }, JSONAPI));
  return (call) => byUuid(call) ?? byId(call);
};

/** What My orders and an order's detail ask besides the order itself: the shop's frame, the order list and the open invoices. */
export const ordersPageCalls = () => [menus, favorites, emptyCart, orderList(), openInvoices()];
