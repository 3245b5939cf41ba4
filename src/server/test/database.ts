import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadDemoData } from '../../../scripts/seed/demo-data';
import { type Database, openDatabase } from '../db/client';
import { PG_TEST_DB_PREFIX } from './global-setup';

/** Demo data scale for tests: enough for every demo account, small enough to load fast. */
export const TEST_SCALE = 0.25;


interface TestDatabase extends Database {
  reset(): Promise<void>;
  /** The PostgreSQL database's URL (a second instance can connect to it); undefined on PGlite. */
  url?: string;
}

let shared: Promise<TestDatabase> | undefined;

/**
 * The worker's database: created, migrated and loaded with demo data once per worker
 * (PGlite in memory, or a fresh database on TEST_DATABASE_URL's server), then snapshotted so
 * `reset()` can bring it back to the demo state between tests in milliseconds.
 */
export function testDatabase(): Promise<TestDatabase> {
  shared ??= create();
  return shared;
}

async function create(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `${PG_TEST_DB_PREFIX}${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl });
  } else {
    database = await openDatabase({ pgliteMemory: true });
  }
  await database.migrate();
  await loadDemoData(database.db, { scale: TEST_SCALE });
  const tables = await snapshot(database);
  return { ...database, url: databaseUrl, reset: () => restore(database, tables) };
}

/** The catalogue's and the relations' change counters (db/schema/system.ts): never restored. */
const COUNTER_TABLES = ['catalog_version', 'relation_versions'];

interface TableInfo {
  name: string;
  serialColumns: string[];
  /** Quoted names of the columns to copy back (all but generated ones). */
  columns: string[];
}

/** Both drivers answer raw queries with `{ rows }`; the shared handle type does not say so. */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** Tables in an order where every table comes after the tables it references. */
async function tablesInDependencyOrder(database: Database): Promise<TableInfo[]> {
  const { db } = database;
  const tables = (
    await rowsOf<{ name: string }>(
      db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    )
  ).map((r) => r.name);
  const deps = await rowsOf<{ child: string; parent: string }>(
    db.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const serials = await rowsOf<{ table_name: string; column_name: string }>(
    db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`),
  );
  // Generated columns (the products' search documents) cannot be inserted: copy the others.
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' order by ordinal_position`),
  );
  const ordered: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    for (const d of deps) if (d.child === t && d.parent !== t) visit(d.parent, path);
    ordered.push(t);
  };
  // The cache counters only ever go up (caches are keyed by them): restoring one would bring back
  // a version that already named another state of the data. The restore's own writes bump them.
  for (const t of tables) if (!COUNTER_TABLES.includes(t)) visit(t, new Set());
  return ordered.map((name) => ({
    name,
    serialColumns: serials.filter((s) => s.table_name === name).map((s) => s.column_name),
    columns: columns.filter((c) => c.table_name === name).map((c) => `"${c.column_name}"`),
  }));
}

async function snapshot(database: Database): Promise<TableInfo[]> {
  const tables = await tablesInDependencyOrder(database);
  await database.db.execute(sql`create schema if not exists test_snapshot`);
  for (const t of tables) {
    await database.db.execute(sql.raw(`create table test_snapshot."${t.name}" as table public."${t.name}"`));
  }
  return tables;
}

async function restore(database: Database, tables: TableInfo[]): Promise<void> {
  const list = tables.map((t) => `public."${t.name}"`).join(', ');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${list} cascade`));
    for (const t of tables) {
      const cols = t.columns.join(', ');
      await tx.execute(sql.raw(`insert into public."${t.name}" (${cols}) select ${cols} from test_snapshot."${t.name}"`));
      for (const column of t.serialColumns) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('public."${t.name}"', '${column}'), coalesce((select max("${column}") from public."${t.name}"), 0) + 1, false)`,
          ),
        );
      }
    }
  });
}
