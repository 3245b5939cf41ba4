import type { FastifyInstance } from 'fastify';
import { type AppConfig, ConfigError, parseEnv, toAppConfig } from './config';
import { DataDirError, loadSecrets, lockDataDir, prepareDataDir } from './data-dir';
import { buildApp } from './app';
import { type Database, openDatabase } from './db/client';
import { countUsers } from './modules/auth/auth.repository';
import { demoAccounts, DEMO_PASSWORD, loadDemoData } from '../../scripts/seed/demo-data';

/** Ends the start with one clear line and exit code 1: no stack trace for things a user can fix. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function describeDbError(error: unknown, usingUrl: boolean): string {
  const e = error as NodeJS.ErrnoException & { code?: string };
  if (usingUrl) {
    const why = e.code ?? e.message?.split('\n')[0] ?? 'unknown error';
    return `Cannot use the database at DATABASE_URL: ${why}.`;
  }
  return `Cannot open the embedded database in DATA_DIR: ${e.message?.split('\n')[0] ?? 'unknown error'}.`;
}

async function main(): Promise<void> {
  const { config, release } = readConfig();
  process.on('exit', release);
  const database = await openMigrated(config);
  const loadedDemo = await loadDemoIfEmpty(config, database);

  const app = await buildApp(config, { database });
  // The database is closed after the server (closeAll): the server's own close hooks still write
  // to it (the search statistics not yet written). A close hook of the root added here ran before
  // the API plugin's (the pool was ended first, and the counts lost at every stop).
  const closeAll = () => app.close().finally(() => database.close());

  await listen(app, config, closeAll);
  printBanner(app, config, database, loadedDemo);
  closeOnSignals(closeAll, release);
}

/** The configuration from the environment and the data folder, which this process then holds locked. */
function readConfig(): { config: AppConfig; release: () => void } {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let release: () => void = () => undefined;
  try {
    prepareDataDir(env.DATA_DIR);
    release = lockDataDir(env.DATA_DIR);
    const config = toAppConfig(env, loadSecrets(env.DATA_DIR, { session: env.SESSION_SECRET, hashSalt: env.HASH_SALT }));
    return { config, release };
  } catch (error) {
    if (error instanceof DataDirError) fail(error.message);
    throw error;
  }
}

/** The database, opened and migrated; a database that cannot be used ends the start. */
async function openMigrated(config: AppConfig): Promise<Database> {
  try {
    const database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: `${config.dataDir}/pglite` },
    );
    await database.migrate();
    return database;
  } catch (error) {
    fail(describeDbError(error, Boolean(config.databaseUrl)));
  }
}

/** Loads the demo data into an empty database, when asked to; answers whether it did. */
async function loadDemoIfEmpty(config: AppConfig, database: Database): Promise<boolean> {
  if (!config.demo.load || (await countUsers(database.db)) !== 0) return false;
  const started = Date.now();
  process.stdout.write(`Empty database: loading demo data (scale ${config.demo.scale})…\n`);
  const summary = await loadDemoData(database.db, { scale: config.demo.scale });
  process.stdout.write(
    `Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.entries(summary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}.\n`,
  );
  return true;
}

/** Listens; a port or host that cannot be used ends the start with one clear line. */
async function listen(app: FastifyInstance, config: AppConfig, closeAll: () => Promise<unknown>): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await closeAll().catch(() => undefined);
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use on ${config.host}; stop the other program or set PORT.`);
    if (code === 'EACCES') fail(`Not allowed to listen on port ${config.port}; choose a port above 1023 with PORT.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`HOST ${config.host} is not an address of this machine.`);
    throw error;
  }
}

/** Where the shop runs, on what, and the demo accounts. */
function printBanner(app: FastifyInstance, config: AppConfig, database: Database, loadedDemo: boolean): void {
  const lines = [
    '',
    `${config.shopName} is running at ${config.publicUrl}/`,
    `  API:      ${config.publicUrl}${config.apiBase}  (docs: ${config.publicUrl}${config.apiBase}/docs)`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail:     ${app.mailer.kind === 'outbox' ? `written to ${config.dataDir}/outbox` : 'SMTP (SMTP_URL)'}`,
    `  Payments: ${config.mollie.apiKey ? 'Mollie (MOLLIE_API_KEY)' : 'built-in payment sandbox'}`,
  ];
  if (config.demo.load) {
    lines.push(
      `  Demo accounts${loadedDemo ? '' : ' (if the demo data is still there)'}, password ${DEMO_PASSWORD}:`,
      ...demoAccounts.map((a) => `    ${a.name.padEnd(11)} ${a.description}`),
    );
  }
  lines.push('  Stop with Ctrl-C.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Ctrl-C or SIGTERM closes the server and the database; a second one exits at once. */
function closeOnSignals(closeAll: () => Promise<unknown>, release: () => void): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      process.stderr.write('Forced exit.\n');
      process.exit(1);
    }
    closing = true;
    process.stdout.write(`${signal}: closing the server and the database…\n`);
    closeAll()
      .then(() => {
        release();
        process.stdout.write('Stopped cleanly.\n');
        process.exit(0);
      })
      .catch((err: unknown) => {
        process.stderr.write(`Error while closing: ${(err as Error).message}\n`);
        release();
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The shop could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
