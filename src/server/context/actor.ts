import type { ActiveSession } from './session';

/** Parts of the shop that change orders without a user behind the change. */
export const SYSTEM_ACTORS = ['payments', 'erp_export'] as const;
export type SystemActor = (typeof SYSTEM_ACTORS)[number];

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
