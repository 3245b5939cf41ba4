import type { DbOrTx } from './client';

/**
 * Prepared statements for the queries every request runs. Drizzle's query builder builds the SQL
 * text anew for every query, and PostgreSQL plans an unnamed statement anew each time; a named
 * statement is planned once per connection (decisions 008 and 013 measured both).
 *
 * `buildOncePerDriver(build)` gives a function that answers the statement for a database handle: the
 * database itself or a transaction (whose statements must run on the transaction's connection).
 * The statement is built once per driver (node-postgres or PGlite: their statements differ), on
 * the first handle that asks, and after that only bound to the handle's connection: a
 * transaction does not build its statements again (it used to, and query building alone was a
 * good part of adding to the cart's server time: decision 013).
 *
 * Binding relies on two fields of drizzle's objects that are not part of its typed API: a handle's
 * `session.client` (the pool, PGlite, or the transaction's connection) and a prepared query's
 * `client`, which its `execute` uses. drizzle-orm is therefore pinned to an exact version in
 * package.json ("0.45.4", no range; package-lock.json holds the same): an upgrade is a deliberate
 * change that has to pass db/prepared.test.ts, which checks that a statement bound to a
 * transaction runs inside it, on both drivers (CI always runs it on PostgreSQL too: .ci/run).
 *
 * Statement names must be unique in the application: PostgreSQL keeps them per connection.
 */
export function buildOncePerDriver<T extends object>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byDriver = new Map<unknown, T>();
  const bound = new WeakMap<object, T>();
  return (db) => {
    const session = (db as unknown as { session: { client: object } }).session;
    const client = session.client;
    const known = bound.get(client);
    if (known !== undefined) return known;
    const driver = session.constructor;
    let statement = byDriver.get(driver);
    if (statement === undefined) {
      statement = build(db);
      byDriver.set(driver, statement);
    }
    const forClient = (statement as { client?: unknown }).client === client ? statement : (Object.create(statement, { client: { value: client } }) as T);
    bound.set(client, forClient);
    return forClient;
  };
}
