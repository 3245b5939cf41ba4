import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { guardCheckouts } from './pool-guard';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take `Db | Tx` so a service can run them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Where errors of connections that no request is waiting on go (an idle pooled connection
   * ended by the server): logged, never thrown (decision 017). PGlite has no such connections.
   */
  onConnectionError(listener: (error: Error) => void): void;
}

/** How long a request waits for a new connection before it answers 503 (database unavailable). */
const CONNECT_TIMEOUT_MS = 5_000;

/** Migrations live in the source tree; resolve from the working directory (the repo root). */
const migrationsFolder = path.resolve(process.cwd(), 'src/server/db/migrations');

export type DatabaseTarget = { url: string } | { pgliteDir: string } | { pgliteMemory: true };

/** A driver's database as the app uses it; `ping` asks whether it answers at all. */
function database(db: Db, kind: Database['kind'], driver: Pick<Database, 'migrate' | 'close' | 'onConnectionError'>): Database {
  return {
    db,
    kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    ...driver,
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Dead peers (a failover, a dropped NAT entry) are noticed by the kernel, not only at the next query.
      keepAlive: true,
    });
    // Without a listener an 'error' event ends the process: the pool emits one when an idle
    // connection is ended by the server ("terminating connection due to administrator
    // command"), and a connection that is checked out but between statements emits its own.
    // The pool drops a broken connection by itself and makes new ones when the server is back.
    let listener: (error: Error) => void = () => undefined;
    pool.on('connect', (connection) => connection.on('error', (error: Error) => listener(error)));
    // The pool re-emits an idle connection's error, which the listener above has reported already.
    pool.on('error', () => undefined);
    guardCheckouts(pool);
    // An unreachable server surfaces here, at start, rather than on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return database(db, 'postgres', {
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
      onConnectionError: (l) => {
        listener = l;
      },
    });
  }
  let client: PGlite;
  if ('pgliteDir' in target) {
    mkdirSync(path.dirname(target.pgliteDir), { recursive: true });
    client = await PGlite.create({ dataDir: target.pgliteDir });
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return database(db, 'pglite', {
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    onConnectionError: () => undefined,
  });
}
