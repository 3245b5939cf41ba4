/**
 * npm run seed -- [--scale N] [--seed N] [--data-dir DIR | --database-url URL]
 *
 * Loads the demo data set into an empty database. DIR is the shop's data folder (DATA_DIR,
 * default ./data); its PGlite database lives in DIR/pglite, where the server looks for it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { DataDirError, lockDataDir, prepareDataDir } from '../../src/server/data-dir';
import { DatabaseNotEmptyError, DEFAULT_SEED, DEMO_PASSWORD, type DemoSummary, demoAccounts, loadDemoData } from './demo-data';

const usage = 'Usage: npm run seed -- [--scale N] [--seed N] [--data-dir DIR | --database-url URL]';

class UsageError extends Error {}

/** The CLI's report goes to stdout; console.log is reserved for debugging by the lint rules. */
const print = (line: string) => process.stdout.write(`${line}\n`);

function readOptions() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    print(usage);
    process.exit(0);
  }
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) throw new UsageError(`--scale must be a number above 0 and at most 1000, not "${values.scale}".`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--seed must be a non-negative integer, not "${values.seed}".`);
  if (values['data-dir'] && values['database-url']) throw new UsageError('Give --data-dir or --database-url, not both.');
  // Same precedence as the server: an explicit option, then DATABASE_URL, then DATA_DIR.
  const url = values['database-url'] ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL);
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  return { scale, seed, url: url || undefined, dataDir };
}

const tableName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function printSummary(summary: DemoSummary, seconds: number, where: string, scale: number, seed: number): void {
  print(`Loaded demo data (scale ${scale}, seed ${seed}) into ${where} in ${seconds.toFixed(1)} s:`);
  for (const [key, count] of Object.entries(summary)) print(`  ${tableName(key).padEnd(20)} ${String(count).padStart(8)}`);
  print(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of demoAccounts) print(`  ${account.name.padEnd(11)} ${account.description}`);
}

async function main(): Promise<number> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(usage);
    return 2;
  }
  const { scale, seed, url, dataDir } = options;
  let release = () => {};
  let database: Database;
  let where: string;
  if (url) {
    database = await openDatabase({ url });
    where = `PostgreSQL at ${new URL(url).host}`;
  } else {
    // The server refuses a data folder it did not mark, and PGlite breaks with two writers.
    prepareDataDir(dataDir);
    release = lockDataDir(dataDir);
    const pgliteDir = path.join(dataDir, 'pglite');
    database = await openDatabase({ pgliteDir });
    const relative = path.relative(process.cwd(), pgliteDir);
    where = `PGlite at ${relative && !relative.startsWith('..') ? relative : pgliteDir}`;
  }
  try {
    await database.migrate();
    const existing = await database.db.select({ one: sql<number>`1` }).from(users).limit(1);
    if (existing.length > 0) {
      console.error(`Refusing to load demo data: the database (${where}) already has users.`);
      return 1;
    }
    const started = performance.now();
    const summary = await loadDemoData(database.db, { scale, seed });
    printSummary(summary, (performance.now() - started) / 1000, where, scale, seed);
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof DataDirError || error instanceof DatabaseNotEmptyError ? error.message : error);
    process.exitCode = 1;
  },
);
