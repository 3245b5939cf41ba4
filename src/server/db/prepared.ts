import type { DbOrTx } from './client';

/**
 * Prepared statements for the queries every request runs: a named statement is planned once per
 * connection by PostgreSQL, and the query is built once per database handle.
 *
 * `preparedPerHandle(build)` gives a function that answers the statement for a database handle:
 * the database itself, or a transaction, whose statements must run on the transaction's
 * connection. Drizzle binds a prepared statement to the handle it was built on, so the statement
 * is built once for the database and once in each transaction that asks for it (drizzle's public
 * API only: `.prepare(name)` on the handle's query builder).
 *
 * Statement names must be unique in the application: PostgreSQL keeps them per connection.
 */
export function preparedPerHandle<T extends object>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byHandle = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (statement === undefined) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}

/** The former name, still imported by the ordering modules (cart). */
export const buildOncePerDriver = preparedPerHandle;
