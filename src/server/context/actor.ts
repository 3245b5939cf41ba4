import type { ActiveSession } from './session';

/** Parts of the shop that change orders without a user behind the change. */
export const SYSTEM_ACTORS = ['payments', 'erp_export', 'erp_import', 'demo_data'] as const;
export type SystemActor = (typeof SYSTEM_ACTORS)[number];

/**
 * Who makes a change that is recorded (an order's history, decision 035): a user, with the staff
 * user masquerading as them, or a part of the shop acting on its own (a payment's webhook, the
 * ERP export, the ERP import: from the address of its call).
 */
export type Actor =
  | { kind: 'user'; userId: number; userName?: string; masqueradeFromUserId: number | null; ip?: string | null }
  | { kind: 'system'; name: SystemActor; ip?: string | null };

/** The caller of a request as an actor; `ip` is the request's address, for the audit log. */
export function actorOf(session: ActiveSession, ip?: string): Actor {
  return {
    kind: 'user',
    userId: session.user.id,
    userName: session.user.name,
    masqueradeFromUserId: session.masqueradeFromUserId,
    ip: ip ?? null,
  };
}

export function systemActor(name: SystemActor): Actor {
  return { kind: 'system', name };
}
