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
 * `reset()` can bring it back to the demo state between tests in milliseconds: it copies back
 * only the tables written since the last reset (and those referencing them), and sets every
 * sequence back.
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
  // Without the orders board's demo orders: each test makes the orders it counts.
  await loadDemoData(database.db, { scale: TEST_SCALE, boardOrders: false });
  for (const log of LOG_TABLES) await database.db.execute(sql.raw(`delete from public."${log}"`));
  const saved = await snapshot(database);
  return { ...database, url: databaseUrl, reset: () => restore(database, saved) };
}

/** The catalogue's and the relations' change counters (db/schema/system.ts): never restored. */
const COUNTER_TABLES = ['catalog_version', 'relation_versions'];
/**
 * The stock counter's log of changes (migration 0023): never restored but emptied at every reset,
 * whose own writes (and its bump of the counters) it would otherwise log: a cache at any older
 * version then finds the log short and reads every level again, and each test starts from the same log.
 */
const LOG_TABLES = ['stock_level_changes'];

interface TableInfo {
  name: string;
  serialColumns: string[];
  /** Quoted names of the columns to copy back (all but generated ones). */
  columns: string[];
  /** Tables with a foreign key to this one (a truncate of this table has to take them along). */
  referencedBy: string[];
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
  // a version that already named another state of the data. The restore bumps them instead.
  for (const t of tables) if (!COUNTER_TABLES.includes(t) && !LOG_TABLES.includes(t)) visit(t, new Set());
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1');
  return ordered.map((name) => ({
    name,
    serialColumns: serials.filter((s) => s.table_name === name).map((s) => s.column_name),
    columns: columns.filter((c) => c.table_name === name).map((c) => `"${c.column_name}"`),
    referencedBy: deps.filter((d) => unquote(d.parent) === name && unquote(d.child) !== name).map((d) => unquote(d.child)),
  }));
}

/** Where the statement triggers note the tables that a test wrote to since the last reset. */
const DIRTY = 'test_snapshot."__dirty_tables"';

interface Snapshot {
  tables: TableInfo[];
  /** One statement that puts every serial column's sequence where a fresh copy of the snapshot would have it. */
  resetSequences: string;
}

/**
 * Copies every table into the schema test_snapshot, and gives every table a statement trigger
 * (insert, update, delete, truncate, also through foreign keys' cascades) that notes the table as
 * written, so a reset only has to copy back what a test changed.
 */
async function snapshot(database: Database): Promise<Snapshot> {
  const tables = await tablesInDependencyOrder(database);
  const { db } = database;
  await db.execute(sql`create schema if not exists test_snapshot`);
  for (const t of tables) {
    await db.execute(sql.raw(`create table test_snapshot."${t.name}" as table public."${t.name}"`));
  }
  // No unique key: concurrent transactions noting the same table never wait for each other.
  await db.execute(sql.raw(`create table ${DIRTY} (name text not null)`));
  await db.execute(
    sql.raw(`create function test_snapshot.note_dirty() returns trigger language plpgsql as $$
      begin
        insert into ${DIRTY} (name) values (TG_TABLE_NAME);
        return null;
      end $$`),
  );
  for (const t of tables) {
    await db.execute(
      sql.raw(
        `create trigger zz_test_dirty after insert or update or delete or truncate on public."${t.name}" for each statement execute function test_snapshot.note_dirty()`,
      ),
    );
  }
  // Sequences move outside transactions (a failed insert takes a number too): every reset sets
  // them all back, to the numbers the snapshot's rows leave free.
  const setvals: string[] = [];
  for (const t of tables) {
    for (const column of t.serialColumns) {
      const [next] = await rowsOf<{ next: string }>(
        db.execute(sql.raw(`select (coalesce(max("${column}"), 0) + 1)::text as next from test_snapshot."${t.name}"`)),
      );
      setvals.push(`setval(pg_get_serial_sequence('public."${t.name}"', '${column}'), ${next?.next ?? 1}, false)`);
    }
  }
  return { tables, resetSequences: setvals.length ? `select ${setvals.join(', ')}` : 'select 1' };
}

/** The tables a test wrote to, and those that reference them (a truncate has to take those along). */
function tablesToRestore(all: TableInfo[], written: Set<string>): TableInfo[] {
  const byName = new Map(all.map((t) => [t.name, t]));
  const todo = [...written].filter((name) => byName.has(name));
  const restore = new Set<string>();
  while (todo.length) {
    const name = todo.pop() as string;
    if (restore.has(name)) continue;
    restore.add(name);
    todo.push(...(byName.get(name)?.referencedBy ?? []));
  }
  return all.filter((t) => restore.has(t.name));
}

async function restore(database: Database, { tables, resetSequences }: Snapshot): Promise<void> {
  await database.db.transaction(async (tx) => {
    const written = new Set((await rowsOf<{ name: string }>(tx.execute(sql.raw(`select distinct name from ${DIRTY}`)))).map((r) => r.name));
    const dirty = tablesToRestore(tables, written);
    if (dirty.length) {
      // Without cascade: a referencing table missing from the list fails the reset loudly.
      await tx.execute(sql.raw(`truncate ${dirty.map((t) => `public."${t.name}"`).join(', ')}`));
      for (const t of dirty) {
        const cols = t.columns.join(', ');
        await tx.execute(sql.raw(`insert into public."${t.name}" (${cols}) select ${cols} from test_snapshot."${t.name}"`));
      }
    }
    await tx.execute(sql.raw(resetSequences));
    // As after a full copy: whatever the catalogue's caches hold is from before the reset.
    for (const counter of COUNTER_TABLES) await tx.execute(sql.raw(`update public."${counter}" set version = version + 1`));
    for (const log of LOG_TABLES) await tx.execute(sql.raw(`delete from public."${log}"`));
    await tx.execute(sql.raw(`delete from ${DIRTY}`));
  });
}
