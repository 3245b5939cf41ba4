import type { DbOrTx } from '../../db/client';
import * as repo from './customer-users.repository';

/** The customer users staff look for (search over names, mail and relation), a page of them. */
export const findCustomerUsers = (db: DbOrTx, search: string, limit: number, offset: number) => repo.findCustomers(db, search, limit, offset);

/** How many customer users match the search. */
export const countCustomerUsers = (db: DbOrTx, search: string) => repo.countCustomers(db, search);

/** A user with roles, state and their relation's language: whom staff may masquerade as. */
export const findUserWithRelationLanguage = (db: DbOrTx, userId: number) => repo.findUser(db, userId);
