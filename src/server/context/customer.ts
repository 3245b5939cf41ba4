import { noRelation } from '../errors';
import type { ActiveSession } from './session';

/** The relation a caller buys for: always their own, active one (never one named in a request). */
export interface Customer {
  relationId: number;
  pricelist: string;
}

/** The caller's own active relation and its price list; null for users without one (and staff). */
export function customerOf(session: ActiveSession): Customer | null {
  const { relationId, pricelist } = session.user;
  return relationId !== null && pricelist !== null ? { relationId, pricelist } : null;
}

/**
 * The caller's relation, or 400 'No relation found' (not 403: the web logs out on any 403, and
 * this is a customer without a relation, not a stranger).
 */
export function requireCustomer(session: ActiveSession): Customer {
  const customer = customerOf(session);
  if (!customer) throw noRelation();
  return customer;
}
