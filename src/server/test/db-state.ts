import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * What the whole database holds, table by table, for tests that assert that a call changed
 * nothing, or that two calls changed the same things. Timestamps are left out (requests touch
 * `last_seen_at`, rows get `created_at` from the wall clock), and so are images' bytes and
 * search documents. The catalogue version only goes up (the test reset bumps it) and is left out,
 * and so are the rate limits' request counters.
 *
 * `normalize` makes two runs of the same calls on a freshly reset database comparable: uuids and
 * payment provider ids become placeholders, and values that are random by design (session ids
 * and CSRF tokens, password hashes with their salt, the sandbox's payment ids) only say whether
 * they are set.
 */

export type DbState = Map<string, { digest: string; rows: string[] }>;

interface Column {
  table: string;
  column: string;
}

/** The counters of the rate limits count every request, also one that changes nothing else (decision 034). */
const SKIPPED_TABLES = new Set(['catalog_version', 'relation_versions', 'rate_limits']);
const SKIPPED_TYPES = ['timestamp with time zone', 'timestamp without time zone', 'bytea', 'tsvector'];
const RANDOM: Record<string, string[]> = {
  sessions: ['id', 'csrf_token'],
  users: ['pass'],
  sandbox_payments: ['id'],
};
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PROVIDER_ID = 'tr_[A-Za-z0-9]+';

async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const columnCache = new WeakMap<Db, Promise<Map<string, string[]>>>();

/** The columns worth comparing, per table. */
function columnsOf(db: Db): Promise<Map<string, string[]>> {
  let found = columnCache.get(db);
  if (!found) {
    found = rowsOf<Column>(
      db.execute(sql`
        select c.table_name as "table", c.column_name as "column"
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
          and c.data_type not in (${sql.join(
            SKIPPED_TYPES.map((type) => sql`${type}`),
            sql`, `,
          )})
        order by c.table_name, c.ordinal_position`),
    ).then((columns) => {
      const byTable = new Map<string, string[]>();
      for (const { table, column } of columns) {
        if (SKIPPED_TABLES.has(table)) continue;
        byTable.set(table, [...(byTable.get(table) ?? []), column]);
      }
      return byTable;
    });
    columnCache.set(db, found);
  }
  return found;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function rowText(table: string, columns: string[], normalize: boolean): string {
  const values = columns.map((c) => (normalize && RANDOM[table]?.includes(c) ? `(${quote(c)} is not null)` : quote(c)));
  const text = `row(${values.join(', ')})::text`;
  return normalize ? `regexp_replace(regexp_replace(${text}, '${UUID}', '<uuid>', 'gi'), '${PROVIDER_ID}', '<provider-id>', 'g')` : text;
}

/** Every table's rows as text, sorted, with a digest to compare quickly. */
export async function databaseState(db: Db, { normalize = false } = {}): Promise<DbState> {
  const tables = await columnsOf(db);
  const parts = [...tables].map(
    ([table, columns]) =>
      `select '${table}' as name, coalesce(array_agg(r order by r), '{}') as rows from (select ${rowText(table, columns, normalize)} as r from public.${quote(table)}) s`,
  );
  const result = await rowsOf<{ name: string; rows: string[] }>(db.execute(sql.raw(parts.join('\nunion all\n'))));
  return new Map(result.map(({ name, rows }) => [name, { digest: rows.join('\n'), rows }]));
}

/** What differs between two states: per table, the rows only one of them has (at most a few each). */
export function stateDiff(before: DbState, after: DbState): string[] {
  const out: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (a?.digest === b?.digest) continue;
    const inA = new Set(a?.rows ?? []);
    const inB = new Set(b?.rows ?? []);
    const gone = [...inA].filter((r) => !inB.has(r)).slice(0, 3);
    const added = [...inB].filter((r) => !inA.has(r)).slice(0, 3);
    out.push(`${name}: ${a?.rows.length ?? 0} → ${b?.rows.length ?? 0} rows; only before: ${gone.join(' | ') || '-'}; only after: ${added.join(' | ') || '-'}`);
  }
  return out;
}

/** Rows anywhere in the database whose text contains one of the needles (case-insensitive). */
export async function rowsContaining(db: Db, needles: string[]): Promise<string[]> {
  const tables = await columnsOf(db);
  const patterns = `array[${needles.map((n) => `'%${n.replaceAll("'", "''").replaceAll('%', '\\%').replaceAll('_', '\\_')}%'`).join(', ')}]`;
  const parts = [...tables].map(
    ([table, columns]) => `select '${table}: ' || r as hit from (select ${rowText(table, columns, false)} as r from public.${quote(table)}) s where r ilike any (${patterns})`,
  );
  const result = await rowsOf<{ hit: string }>(db.execute(sql.raw(parts.join('\nunion all\n'))));
  return result.map((r) => r.hit);
}
