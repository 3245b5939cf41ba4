import type { CurrentUserRecord, RelationRecord } from '../../shared/api/account';
import type { CartOrder } from '../../shared/api/cart';
import type { OrderResource } from '../../shared/api/checkout';
import type { CustomerListItem } from '../../shared/api/staff';
import { price } from '../../shared/money';

import { jsonResponse, on } from './fetch-mock';

/** The shop's data as the tests of several features answer it: one relation, one cart, one order. */

export const JSONAPI = 'application/vnd.api+json';

/** The user and relation of test/render's logIn(). */
export const USER_ID = 7;
export const RELATION_UUID = 'a1a2a3a4-0000-4000-8000-000000000002';

export const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
export const favorites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, { data: [], meta: { count: 0 } }, JSONAPI));
export const emptyCart = on('GET', '/cart?', () => jsonResponse(200, []));

/** The relation of the logged-in user; `attributes` replaces those given. */
export function relationRecord(attributes: Partial<RelationRecord['attributes']> = {}): RelationRecord {
  return {
    type: 'relation--relation',
    id: RELATION_UUID,
    attributes: {
      drupal_internal__id: 42,
      name: 'Taquería El Sol B.V.',
      address: { address_line1: 'Oudegracht 12', postal_code: '3511 AN', locality: 'Utrecht', country_code: 'NL' },
      phone: '+31 30 123 4567',
      mail: 'info@elsol.example',
      coc_number: '12345678',
      vat_number: 'NL123456789B01',
      free_delivery_amount: 'Franco vanaf € 350,-',
      delivery_days: [],
      delivery_addresses: [
        { profile_id: 11, label: 'Restaurant', address_line1: 'Oudegracht 12', postal_code: '3511 AN', locality: 'Utrecht', country_code: 'NL' },
      ],
      pricelist: 'STANDAARD',
      langcode: 'nl',
      ...attributes,
    },
  };
}

/** Answers the relation call with `relation`. */
export const relationCall = (relation: RelationRecord) =>
  on('GET', `/jsonapi/relation/relation/${relation.id}`, () => jsonResponse(200, { data: relation }, JSONAPI));

/** A draft cart (order 77) of 3 tortillas, € 8,01 with VAT, nothing chosen for the checkout yet. */
export function cartOrder(overrides: Partial<CartOrder> = {}): CartOrder {
  return {
    order_id: 77,
    uuid: 'c0c0c0c0-0000-4000-8000-000000000077',
    order_number: null,
    state: 'draft',
    order_items: [
      {
        order_item_id: 5,
        uuid: 'i1',
        order_id: 77,
        title: 'Tortilla de maíz 15 cm',
        quantity: '3',
        purchased_entity: { variation_id: 9, uuid: 'v9', sku: '100120', product_id: 4, product_uuid: 'p4', product_images: [] },
        unit_price: price(245),
        total_price: price(735),
        tax_percentage: '0.09',
      },
    ],
    total_price: price(801),
    order_total: {
      subtotal: price(735),
      adjustments: [{ type: 'tax', label: 'BTW', percentage: '0.09', amount: price(66) }],
      total: price(801),
    },
    payment_method: null,
    payment_gateway: null,
    shipments: [],
    shipping_profile: 11,
    req_dlv_date: null,
    quantity_total: 3,
    free_delivery: null,
    ...overrides,
  };
}

export const uuidOf = (id: number) => `c0c0c0c0-0000-4000-8000-${String(id).padStart(12, '0')}`;

/** Placed order `id` of the logged-in user: tortillas and salsa, delivered, on account. */
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

/** A staff member without a relation of their own, for logIn(). */
export const staffRecord: Partial<CurrentUserRecord> = {
  drupal_internal__uid: 6,
  name: 'staff',
  display_name: 'Ingrid van den Berg',
  roles: ['authenticated', 'staff', 'staff_admin'],
  active_relation: null,
};

/** A customer in the staff's customer list; `company` null for one without a relation. */
export function staffCustomer(uid: number, name: string, company: string | null, options: { relationId?: number; langcode?: 'nl' | 'en' } = {}): CustomerListItem {
  const { relationId = uid, langcode = 'nl' } = options;
  return {
    id: `00000000-0000-4000-8000-00000000000${uid}`,
    drupal_internal__uid: uid,
    name,
    display_name: `${name} person`,
    mail: `${name}@example.nl`,
    langcode,
    relation: company
      ? { id: `r-${relationId}`, drupal_internal__id: relationId, name: company, erp_number: String(1000 + relationId), pricelist: 'STANDAARD', langcode }
      : null,
  };
}
