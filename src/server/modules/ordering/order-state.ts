import { AppError } from '../../errors';
import { localized } from '../../i18n';
import { ORDERS_MESSAGES } from './history/orders.messages';

/**
 * The order state machine (DESIGN.md section 5): a draft is a cart; placing moves it on, and
 * nothing moves an order back. Every change of state goes through `nextState`.
 */
export const ORDER_STATES = ['draft', 'placed', 'completed', 'canceled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export type OrderEvent = 'place' | 'complete' | 'cancel';

const TRANSITIONS: Record<OrderState, Partial<Record<OrderEvent, OrderState>>> = {
  draft: { place: 'placed', cancel: 'canceled' },
  placed: { complete: 'completed', cancel: 'canceled' },
  completed: {},
  canceled: {},
};

/** The state after `event`, or 409 when the order cannot take that step from where it is. */
export function nextState(state: OrderState, event: OrderEvent): OrderState {
  const next = TRANSITIONS[state][event];
  if (!next) throw new AppError(409, 'invalid_transition', localized(ORDERS_MESSAGES, 'invalid_transition', { state, event }));
  return next;
}
