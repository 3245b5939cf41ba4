import type { Db } from './client';
import { users } from './schema';

/** An installation without users is new: that is when demo data may be loaded. */
export const countUsers = (db: Db) => db.$count(users);
