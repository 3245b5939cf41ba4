import type { RelationRecord } from '../../../../../shared/api/account';
import type { CartOrder } from '../../../../../shared/api/cart';
import { price } from '../../../../../shared/money';
import { jsonResponse, type MockCall, on } from '../../../../test/fetch-mock';
import { favorites, menus, relationCall } from '../../../../test/shop-data';

/** The cart of the checkout under test as the server holds it: null once the order is placed. */
export interface ServerCart {
  current: CartOrder | null;
}

type Body = Record<string, string | number>;

/**
 * The calls the checkout page of cart 77 makes besides its steps: menus, favourites, the cart as it
 * is now, the relation, and the shipping and payment methods it offers.
 */
export function checkoutPageCalls(cart: ServerCart, relation: RelationRecord) {
  return [
    menus,
    favorites,
    on('GET', '/cart?', () => jsonResponse(200, cart.current ? [cart.current] : [])),
    relationCall(relation),
    on('GET', '/api/checkout/77/shipping', () =>
      jsonResponse(200, [
        { id: 'standard', label: 'Standard delivery', amount: price(1250) },
        { id: 'pickup', label: 'Pick up', amount: price(0) },
      ]),
    ),
    on('GET', '/api/checkout/77/payment', () =>
      jsonResponse(200, [
        { id: 'on_account', label: 'On account', online: false },
        { id: 'ideal', label: 'iDEAL', online: true },
      ]),
    ),
  ];
}

/**
 * Answers the checkout's set-* steps with the cart changed as the server changes it; `setShipping`
 * says what a shipping method does to the cart.
 */
export function checkoutSteps(cart: ServerCart, setShipping: (cart: CartOrder, method: string) => CartOrder) {
  return (call: MockCall) => {
    const match = /\/api\/checkout\/77\/(set-[a-z-]+)$/.exec(call.url);
    if (call.method !== 'POST' || !match || !cart.current) return undefined;
    const body = call.body as Body;
    const current = cart.current;
    if (match[1] === 'set-shipping') cart.current = setShipping(current, String(body.method));
    if (match[1] === 'set-payment') cart.current = { ...current, payment_method: String(body.method), payment_gateway: String(body.method) };
    if (match[1] === 'set-delivery-date') cart.current = { ...current, req_dlv_date: String(body.date) };
    if (match[1] === 'set-profile') cart.current = { ...current, shipping_profile: Number(body.profileId) };
    return jsonResponse(200, cart.current);
  };
}
