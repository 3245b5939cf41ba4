import { type AnyPgColumn, integer, serial, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Column shapes many tables share. Each call builds new columns (a column belongs to one table);
 * the SQL they stand for is what the migrations already hold, so drizzle-kit sees no change.
 */

/** The internal id and the public uuid of an entity. */
export const idAndUuid = () => ({
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
});

/** A moment with its time zone; null until it happens unless the caller says otherwise. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** A moment set when the row is written: created_at, updated_at, changed_at. */
export const stamped = (name: string) => moment(name).notNull().defaultNow();

/** A required reference to another table's id, and what deleting that row does to this one. */
export const refersTo = (name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(target, { onDelete });

