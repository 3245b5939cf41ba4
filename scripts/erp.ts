/**
 * npm run erp -- import <kind> <file> [--dry-run] [--deactivate-missing] [--welcome-mail] [--format csv|jsonl]
 *   --welcome-mail (users): mails new users a set-password link, through SMTP_URL or the outbox in DATA_DIR.
 * npm run erp -- import images <folder> [--dry-run]   (files named <article number>[-<n>].<ext>)
 * npm run erp -- export orders|payments [--after CURSOR] [--limit N]
 * npm run erp -- export food-incomplete
 *   common: [--data-dir DIR | --database-url URL]
 *
 * The ERP exchange from the command line (docs/erp-exchange.md). An import prints its report and
 * exits 1 when the file is bad (nothing is then applied). An export writes one JSON record per
 * line to stdout and the cursor to store on stderr as its last line ("next cursor: N").
 *
 * With PGlite the data folder is locked by a running server: stop it, or use the HTTP endpoints.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ERP_IMPORT_KINDS, type ErpImportKind } from '../src/shared/api/erp';
import { createMailer } from '../src/server/adapters/mail/mailer';
import { parseEnv, toAppConfig } from '../src/server/config';
import { DataDirError, loadSecrets, lockDataDir, prepareDataDir } from '../src/server/data-dir';
import { type Database, openDatabase } from '../src/server/db/client';
import { importImageFolder } from '../src/server/modules/erp/erp-images';
import { formatOf } from '../src/server/modules/erp/erp-reader';
import { createMailOutbox } from '../src/server/modules/mail/mail-outbox.service';
import { createErpService, type ErpImportResult } from '../src/server/modules/erp/erp.service';
import type { ImportRunBy } from '../src/server/modules/erp/import-runs';
import { createFoodCompletenessService } from '../src/server/modules/food-completeness/completeness.service';

const usage = `Usage:
  npm run erp -- import images <folder> [--dry-run]
  npm run erp -- import <${ERP_IMPORT_KINDS.join('|')}> <file> [--dry-run] [--deactivate-missing] [--welcome-mail] [--format csv|jsonl]
  npm run erp -- export orders|payments [--after CURSOR] [--limit N]
  npm run erp -- export food-incomplete
  options for both: [--data-dir DIR | --database-url URL]`;

class UsageError extends Error {}

/** Who runs the command, for the import's run (issue 42, point 8): the system user and the machine. */
function cliUser(): ImportRunBy {
  let name = process.env.USER ?? '';
  try {
    name = userInfo().username;
  } catch {
    // No entry for this user id (a container): the environment's name, if any.
  }
  return { source: 'cli', startedBy: `${name || 'unknown'}@${hostname()}` };
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

function readOptions() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean' },
      'deactivate-missing': { type: 'boolean' },
      'welcome-mail': { type: 'boolean' },
      format: { type: 'string' },
      after: { type: 'string' },
      limit: { type: 'string' },
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
  if (values['data-dir'] && values['database-url']) throw new UsageError('Give --data-dir or --database-url, not both.');
  const url = values['database-url'] ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL);
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  return { values, positionals, url: url || undefined, dataDir };
}

type PrintableReport = Omit<ErpImportResult, 'kind' | 'format'> & { kind: string; format: string };

function printReport(report: PrintableReport, file: string): void {
  const what = report.dry_run ? 'Dry run of' : 'Import of';
  const outcome = report.error_count > 0 ? 'REFUSED, nothing applied' : report.applied ? 'applied' : 'not applied (dry run)';
  print(`${what} ${report.kind} from ${file} (${report.format}): ${outcome}; ${report.rows} rows in ${(report.ms / 1000).toFixed(1)} s.`);
  if (report.error_count > 0) {
    print(`${report.error_count} problem${report.error_count === 1 ? '' : 's'}${report.errors_truncated ? ` (the first ${report.errors.length} shown)` : ''}:`);
    for (const e of report.errors) print(`  line ${e.line}: ${e.field} ${e.message}`);
    return;
  }
  const c = report.counts;
  if (report.mails && report.kind === 'food') {
    // The command line has no mailer of its own for these: the shop's job sends them (decision 024).
    print(`  food change mails: ${report.mails.sent} sent, ${report.mails.failed} waiting for the shop to send them`);
  } else if (report.mails) print(`  welcome mails: ${report.mails.sent} sent, ${report.mails.failed} failed`);
  print(`  inserted ${c.inserted}, updated ${c.updated}, unchanged ${c.unchanged}, deactivated ${c.deactivated}`);
  const writes = Object.entries(report.writes);
  print(`  rows written: ${writes.map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  if (report.timings) {
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    print(`  time: reading and checking rows ${s(report.timings.read_ms)}, file-wide checks ${s(report.timings.check_ms)}, merge ${s(report.timings.merge_ms)}`);
  }
}

async function main(): Promise<number> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    note(error instanceof Error ? error.message : String(error));
    note(usage);
    return 2;
  }
  const { values, positionals, url, dataDir } = options;
  const [command, kind, file] = positionals;
  const fail = (message: string) => {
    note(message);
    note(usage);
    return 2;
  };
  if (command === 'import' && kind === 'images') {
    if (!file || positionals.length !== 3) return fail('Give the folder of images.');
    if (!existsSync(file) || !statSync(file).isDirectory()) return fail(`No such folder: ${file}`);
  } else if (command === 'import') {
    if (!ERP_IMPORT_KINDS.includes(kind as ErpImportKind)) return fail(`Unknown kind "${kind ?? ''}": one of ${ERP_IMPORT_KINDS.join(', ')}.`);
    if (!file || positionals.length !== 3) return fail('Give one file to import.');
    if (!existsSync(file)) return fail(`No such file: ${file}`);
    const format = values.format === undefined ? formatOf(file) : formatOf(`x.${values.format}`);
    if (!format) return fail('Cannot tell the format from the file name: give --format csv or --format jsonl.');
  } else if (command === 'export') {
    if (!['orders', 'payments', 'food-incomplete'].includes(kind ?? '') || positionals.length !== 2) return fail('Export "orders", "payments" or "food-incomplete".');
    if (values.after !== undefined && !/^\d{1,18}$/.test(values.after)) return fail('--after takes a cursor (digits) from an earlier export.');
    if (values.limit !== undefined && !/^\d{1,4}$/.test(values.limit)) return fail('--limit takes a number up to 1000.');
  } else {
    return fail(command ? `Unknown command "${command}".` : 'Give a command.');
  }

  let release = () => {};
  let database: Database;
  if (url) database = await openDatabase({ url });
  else {
    prepareDataDir(dataDir);
    release = lockDataDir(dataDir);
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  }
  try {
    await database.migrate();
    let welcome: Parameters<typeof createErpService>[1]['welcome'];
    if (values['welcome-mail']) {
      // The same secrets, mailer and public address as the server, so the links work there.
      const env = parseEnv(process.env);
      const config = toAppConfig(env, loadSecrets(env.DATA_DIR, { session: env.SESSION_SECRET, hashSalt: env.HASH_SALT }));
      // Through the shop's mail outbox (decision 033): what does not go now, the shop's job sends.
      const say = (obj: object, msg: string) => note(`${msg}: ${String((obj as { err?: unknown }).err ?? '')}`);
      const outbox = createMailOutbox(database.db, { mailer: createMailer(config), now: () => new Date(), log: { info: () => {}, warn: say, error: say } });
      welcome = { outbox, publicUrl: config.publicUrl, shopName: config.shopName, hashSalt: config.secrets.hashSalt };
    }
    const erp = createErpService(database.db, { now: () => new Date(), noAutovacuum: database.kind === 'pglite', ...(welcome ? { welcome } : {}) });
    if (command === 'import' && kind === 'images') {
      const report = await importImageFolder(database.db, file!, {
        dryRun: values['dry-run'] ?? false,
        dataDir,
        by: cliUser(),
        log: { warn: (obj: object, msg: string) => note(`${msg}: ${String((obj as { err?: unknown }).err ?? '')}`) },
      });
      printReport(report, file!);
      return report.error_count > 0 ? 1 : 0;
    }
    if (command === 'import') {
      const format = values.format === undefined ? formatOf(file!) : formatOf(`x.${values.format}`);
      const report = await erp.importFile({
        kind: kind as ErpImportKind,
        format: format!,
        input: createReadStream(file!, { highWaterMark: 256 * 1024 }),
        dryRun: values['dry-run'] ?? false,
        deactivateMissing: values['deactivate-missing'] ?? false,
        welcomeMail: values['welcome-mail'] ?? false,
        by: cliUser(),
      });
      printReport(report, file!);
      return report.error_count > 0 ? 1 : 0;
    }
    if (kind === 'food-incomplete') {
      let count = 0;
      for await (const record of createFoodCompletenessService(database.db).exportIncomplete()) {
        print(JSON.stringify(record));
        count += 1;
      }
      note(`${count} product${count === 1 ? '' : 's'} with incomplete food information.`);
      return 0;
    }
    let after = values.after;
    const limit = Math.min(1000, Math.max(1, Number(values.limit ?? 500)));
    let count = 0;
    for (;;) {
      const page = kind === 'payments' ? await erp.exportPayments(after, limit) : await erp.exportOrders(after, limit);
      for (const record of page.records) print(JSON.stringify(record));
      count += page.records.length;
      after = page.next_cursor;
      if (!page.has_more) break;
    }
    note(`${count} ${kind === 'payments' ? 'payment' : 'order'}${count === 1 ? '' : 's'} exported.`);
    note(`next cursor: ${after ?? '0'}`);
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
    note(error instanceof DataDirError ? error.message : String(error instanceof Error ? (error.stack ?? error.message) : error));
    process.exitCode = 1;
  },
);
