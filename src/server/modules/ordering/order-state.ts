import { ORDER_EVENTS, type OrderEvent } from '../../db/schema/order-history';
import { ORDER_STATES, type OrderState } from '../../db/schema/orders';
import { AppError } from '../../errors';
import { localized } from '../../i18n';
import { ORDERS_MESSAGES } from './history/orders.messages';

/**
 * The order state machine (decision 035, after Vendure's default order process): the states an
 * order can be in, and for each the events it takes and where they lead. Nothing outside this
 * table moves an order; `transitionOrder` (order-transition.ts) applies it to the stored state.
 */
export { ORDER_EVENTS, ORDER_STATES, type OrderEvent, type OrderState };

export const TRANSITIONS: Readonly<Record<OrderState, Readonly<Partial<Record<OrderEvent, OrderState>>>>> = {
  // A cart. Paid online it is placed by the payment (`pay`) while the payment's row locks it (decision 010).
  draft: { place: 'placed', start_payment: 'payment_pending', pay: 'placed', cancel: 'canceled' },
  // Reserved: an order that leaves the cart while it is paid, back to the cart when the payment fails.
  payment_pending: { pay: 'placed', fail_payment: 'draft', cancel: 'canceled' },
  placed: { export: 'exported', cancel: 'canceled' },
  // Handed an export number: the ERP reads it in that order (decision 011).
  exported: { confirm: 'confirmed', cancel: 'canceled' },
  // Collected orders go from confirmed to completed without being shipped.
  confirmed: { ship: 'shipped', complete: 'completed', cancel: 'canceled' },
  shipped: { deliver: 'delivered' },
  delivered: { complete: 'completed' },
  completed: {},
  canceled: {},
};

/** The state after `event`, or undefined when an order in `state` does not take it. */
export function stateAfter(state: OrderState, event: OrderEvent): OrderState | undefined {
  return TRANSITIONS[state][event];
}

/** The 409 of a refused transition, in both languages. */
export function refusedTransition(state: OrderState, event: OrderEvent): AppError {
  return new AppError(409, 'invalid_transition', localized(ORDERS_MESSAGES, 'invalid_transition', { state, event }));
}

/** The state after `event`, or 409 when the order cannot take that step from where it is. */
export function nextState(state: OrderState, event: OrderEvent): OrderState {
  const next = stateAfter(state, event);
  if (!next) throw refusedTransition(state, event);
  return next;
}

/** Orders a customer placed that are not canceled: what their history, quick order and food overview count. */
export const PLACED_STATES = ['placed', 'exported', 'confirmed', 'shipped', 'delivered', 'completed'] as const satisfies readonly OrderState[];

/** Orders that are still the customer's cart (an order awaiting payment is not in their order list). */
export const CART_STATES = ['draft', 'payment_pending'] as const satisfies readonly OrderState[];

/**
 * The state the customer's calls and the ERP export answer (spec: draft, placed, completed,
 * canceled): the steps after placing that the spec does not name read as placed, and an order
 * awaiting payment as the draft it was.
 */
export type PublicOrderState = 'draft' | 'placed' | 'completed' | 'canceled';

export function publicState(state: OrderState): PublicOrderState {
  switch (state) {
    case 'draft':
    case 'payment_pending':
      return 'draft';
    case 'completed':
    case 'canceled':
      return state;
    default:
      return 'placed';
  }
}
