import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../src/server/db/client';

/** JSON cannot carry bytes or dates; these are the text forms PostgreSQL's input functions read. */
function toJsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Inserts rows in batches, each batch as ONE json parameter expanded by json_populate_recordset.
 * A plain multi-row insert binds a parameter per value, and drizzle plus PGlite spend about four
 * times longer on those than PostgreSQL needs to parse the same rows as JSON; this keeps scale
 * 100 (~250,000 rows) well under a minute. Works the same on PGlite and a PostgreSQL server.
 *
 * Every row must set the same columns: a column missing from some rows would arrive as NULL
 * rather than take its default, so that is refused.
 */
export async function bulkInsert<T extends PgTable>(tx: Tx, table: T, rows: readonly T['$inferInsert'][], batchSize: number): Promise<void> {
  if (rows.length === 0) return;
  const first = rows[0] as Record<string, unknown>;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => first[key] !== undefined);
  const name = getTableName(table);
  const list = sql.join(columns.map(([, column]) => sql.identifier(column.name)), sql.raw(', '));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row, i) => {
      const record = row as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = record[key];
        if (value === undefined) throw new Error(`${name} row ${start + i}: ${key} is missing while the first row sets it`);
        out[column.name] = toJsonValue(value);
      }
      if (Object.keys(record).some((key) => record[key] !== undefined && !columns.some(([k]) => k === key))) {
        throw new Error(`${name} row ${start + i} sets a column the first row leaves to its default`);
      }
      return out;
    });
    await tx.execute(
      sql`insert into ${sql.identifier(name)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(batch)}::json)`,
    );
  }
}
