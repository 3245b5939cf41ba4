import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { refersTo, stamped } from './columns';
import { users } from './accounts';
import { ORDER_STATES, orders } from './orders';
import { SYSTEM_ACTORS } from '../../context/actor';

/** What moves an order from one state to the next (decision 035; the table is modules/ordering/order-state.ts). */
export const ORDER_EVENTS = ['place', 'start_payment', 'pay', 'fail_payment', 'export', 'confirm', 'ship', 'deliver', 'complete', 'cancel'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * Every change of an order's state, written by the state machine in the change's transaction
 * (modules/ordering/order-transition.ts): from, to, the event, when, and who: the user (with the
 * staff user masquerading as them) or a part of the shop (`system`), and a reason where given.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: refersTo('order_id', () => orders.id, 'cascade'),
    fromState: text('from_state', { enum: ORDER_STATES }).notNull(),
    toState: text('to_state', { enum: ORDER_STATES }).notNull(),
    event: text('event', { enum: ORDER_EVENTS }).notNull(),
    at: stamped('at'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    masqueradeFromUserId: integer('masquerade_from_user_id').references(() => users.id, { onDelete: 'set null' }),
    system: text('system', { enum: SYSTEM_ACTORS }),
    reason: text('reason'),
  },
  (t) => [index('order_history_order').on(t.orderId, t.id)],
);
