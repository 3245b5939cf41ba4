import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/** How long a connection whose query failed with a lost connection may stay out of the pool. */
const ABANDONED_AFTER_MS = 1_000;

interface Checkout {
  released: boolean;
}

const CHECKOUT = Symbol('shop.checkout');
type GuardedClient = pg.PoolClient & { [CHECKOUT]?: Checkout };

/**
 * Gives a checked-out connection back to the pool (which then destroys it) when a query on it
 * failed because the connection was lost and its holder has not given it back a second later.
 * drizzle's `transaction` sends BEGIN before its try/finally: a BEGIN on a connection that died
 * while idle in the pool (the server ended it, its goodbye not read yet) throws without the
 * connection ever being released, and after ten of those the pool has none left: every request
 * would wait for a connection and answer 503 until the shop was restarted (decision 017).
 *
 * Only the promise form of `connect` (what drizzle uses) is guarded; `pool.query` releases its
 * connections itself.
 */
export function guardCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const guarded = (async () => {
    const client = (await connect()) as GuardedClient;
    const checkout: Checkout = { released: false };
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      if (checkout.released) return;
      checkout.released = true;
      release(err);
    };
    if (!client[CHECKOUT]) {
      // Once per connection (a connection is checked out many times): the query sees the checkout of its moment.
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const current = client[CHECKOUT]!;
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (!isDatabaseUnavailable(error)) return;
            setTimeout(() => {
              if (!current.released) client.release(error as Error);
            }, ABANDONED_AFTER_MS).unref();
          });
        }
        return result;
      };
    }
    client[CHECKOUT] = checkout;
    return client;
  }) as unknown as typeof pool.connect;
  pool.connect = ((callback?: unknown) => (callback ? connect(callback as never) : guarded())) as typeof pool.connect;
}
