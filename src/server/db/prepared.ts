import type { DbOrTx } from './client';

/**
 * Prepared statements for the queries every request runs. Drizzle's query builder costs a good
 * part of a millisecond per query to build the SQL text, and PostgreSQL plans an unnamed
 * statement anew each time (a millisecond or more for the catalogue's product query); a named
 * statement is built once per database handle and planned once per connection.
 *
 * A prepared statement belongs to the handle it was built on (a transaction's statements run
 * in that transaction), so they are kept per handle: `perHandle(build)` gives a function that
 * builds on the first call for a handle and hands back the same statement after that.
 * Statement names must be unique in the application: PostgreSQL keeps them per connection.
 */
export function perHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
