import type { SystemActor } from '../db/schema/order-history';
import type { ActiveSession } from './session';

/**
 * Who makes a change that is recorded (an order's history, decision 035): a user, with the staff
 * user masquerading as them, or a part of the shop acting on its own (a payment's webhook, the
 * ERP export).
 */
export type Actor =
  | { kind: 'user'; userId: number; masqueradeFromUserId: number | null }
  | { kind: 'system'; name: SystemActor };

/** The caller of a request as an actor. */
export function actorOf(session: ActiveSession): Actor {
  return { kind: 'user', userId: session.user.id, masqueradeFromUserId: session.masqueradeFromUserId };
}

export function systemActor(name: SystemActor): Actor {
  return { kind: 'system', name };
}
