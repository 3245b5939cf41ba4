import type { Tx } from '../../db/client';
import type { Actor } from '../../context/actor';
import { orderNotFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repo from './order-history.repository';
import { type OrderEvent, type OrderState, refusedTransition, stateAfter } from './order-state';

export interface TransitionOptions {
  /** Why, where the actor gave a reason (a payment's id, a staff note). */
  reason?: string;
  /** When, by the shop's clock (the database's when not given). */
  at?: Date;
}

export interface Transition {
  orderId: number;
  relationId: number;
  from: OrderState;
  to: OrderState;
}

/** Statements take at most this many orders (a first export may number many; parameters are bounded). */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) parts.push(items.slice(i, i + CHUNK));
  return parts;
}

function who(actor: Actor): Pick<repo.HistoryEntry, 'userId' | 'masqueradeFromUserId' | 'system'> {
  return actor.kind === 'user'
    ? { userId: actor.userId, masqueradeFromUserId: actor.masqueradeFromUserId, system: null }
    : { userId: null, masqueradeFromUserId: null, system: actor.name };
}

/**
 * Moves orders on by `event` inside the caller's transaction (decision 035): reads their stored
 * states under a row lock, checks each against the table, writes the new states and an
 * `order_history` entry per order. All or nothing: one order that does not take the event is
 * a 409 (invalid_transition) and nothing is written; an id that is no order is a 404.
 */
export async function transitionOrders(tx: Tx, orderIds: readonly number[], event: OrderEvent, actor: Actor, options: TransitionOptions = {}): Promise<Transition[]> {
  const ids = [...new Set(orderIds)].sort((x, y) => x - y);
  const rows: Array<{ id: number; state: OrderState; relationId: number }> = [];
  for (const part of chunks(ids)) rows.push(...(await repo.lockStates(tx, part)));
  if (rows.length !== ids.length) throw orderNotFound();
  const transitions = rows.map(({ id, state, relationId }) => {
    const to = stateAfter(state, event);
    if (!to) throw refusedTransition(state, event);
    return { orderId: id, relationId, from: state, to };
  });
  const entry = { event, at: options.at, reason: options.reason ?? null, ...who(actor) };
  for (const part of chunks(transitions)) {
    await repo.writeTransitions(
      tx,
      part.map((t) => ({ ...entry, orderId: t.orderId, fromState: t.from, toState: t.to })),
    );
    await recordAudit(tx, actor, part.map((t) => auditEntry(t, event, options)));
  }
  return transitions;
}

/** The audit log's entry of a step (decision 037): the state before and after. */
function auditEntry(t: Transition, event: OrderEvent, options: TransitionOptions) {
  return {
    entity: 'order',
    entityId: t.orderId,
    relationId: t.relationId,
    action: `state.${event}`,
    before: { state: t.from },
    after: { state: t.to },
    reason: options.reason ?? null,
    at: options.at,
  };
}

/** One order moved on by `event` (see transitionOrders): its state before and after. */
export async function transitionOrder(tx: Tx, orderId: number, event: OrderEvent, actor: Actor, options: TransitionOptions = {}): Promise<Transition> {
  const [transition] = await transitionOrders(tx, [orderId], event, actor, options);
  return transition!;
}
