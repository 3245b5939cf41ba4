import type { OrderResource } from '../../../../shared/api/checkout';
import type { CashInvoice, OrderListItem, OrderListResponse } from '../../../../shared/api/orders';
import { price } from '../../../../shared/money';
import { jsonResponse, on } from '../../../test/fetch-mock';

export const JSONAPI = 'application/vnd.api+json';
export const T = { timeout: 10_000 };

/** The user of test/render's logIn(). */
export const USER_ID = 7;

export const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
export const favorites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, { data: [], meta: { count: 0 } }, JSONAPI));
export const emptyCart = on('GET', '/cart?', () => jsonResponse(200, []));

export const uuidOf = (id: number) => `c0c0c0c0-0000-4000-8000-${String(id).padStart(12, '0')}`;

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

export function orderResource(id: number, overrides: Partial<OrderResource> = {}): OrderResource {
  return {
    type: 'commerce_order--default',
    id: uuidOf(id),
    drupal_internal__order_id: id,
    order_number: `W${String(id).padStart(7, '0')}`,
    state: 'placed',
    placed: '2026-11-20T23:30:00.000Z',
    mail: 'inkoop@elsol.example',
    order_items: [
      {
        type: 'commerce_order_item--default',
        id: 'oi-1',
        drupal_internal__order_item_id: 5,
        title: 'Tortilla de maíz 15 cm',
        quantity: '3',
        unit_price: price(245),
        total_price: price(735),
        adjustments: [],
        purchased_entity: {
          type: 'commerce_product_variation--default',
          id: 'v9',
          drupal_internal__variation_id: 9,
          sku: '100120',
          title: 'Tortilla de maíz 15 cm',
          product_uuid: 'p4',
        },
        product_images: [{ image_style_uri: { small_thumbnail: '/img/s/1.webp', thumbnail: '/img/t/1.webp' } }],
      },
      {
        type: 'commerce_order_item--default',
        id: 'oi-2',
        drupal_internal__order_item_id: 6,
        title: 'Salsa verde 500 ml',
        quantity: '12',
        unit_price: price(399),
        total_price: price(4788),
        adjustments: [],
        purchased_entity: {
          type: 'commerce_product_variation--default',
          id: 'v11',
          drupal_internal__variation_id: 11,
          sku: '200200',
          title: 'Salsa verde 500 ml',
          product_uuid: null,
        },
        product_images: [],
      },
    ],
    adjustments: [],
    order_total: {
      subtotal: price(5523),
      adjustments: [
        { type: 'shipping', label: 'Delivery', percentage: null, amount: price(1495) },
        { type: 'tax', label: 'VAT', percentage: '0.09', amount: price(632) },
      ],
      total: price(7650),
    },
    total_price: price(7650),
    req_dlv_date: '2026-11-24',
    billing_address: { name: 'Taquería El Sol B.V.', address_line1: 'Oudegracht 12', postal_code: '3511 AN', locality: 'Utrecht', country_code: 'NL' },
    delivery_address: {
      name: 'Taquería El Sol B.V.',
      label: 'Keuken',
      profile_id: 3,
      address_line1: 'Lange Nieuwstraat 4',
      postal_code: '3512 PH',
      locality: 'Utrecht',
      country_code: 'NL',
    },
    shipping_method: 'Delivery',
    payment_method: 'On account',
    payment_state: 'on_account',
    uid: { type: 'user--user', drupal_internal__uid: USER_ID },
    ...overrides,
  };
}

/** The order call for that order, asked by its uuid or by its numeric id. */
export const orderCall = (resource: OrderResource): ReturnType<typeof on> => {
  const byUuid = on('GET', `/jsonapi/commerce_order/default/${resource.id}`, () => jsonResponse(200, { data: resource }, JSONAPI));
  const byId = on('GET', `/jsonapi/commerce_order/default/${resource.drupal_internal__order_id}?`, () => jsonResponse(200, { data: resource }, JSONAPI));
  return (call) => byUuid(call) ?? byId(call);
};
