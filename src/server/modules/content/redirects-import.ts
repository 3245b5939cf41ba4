import { parse } from 'csv-parse/sync';
import { REDIRECT_IMPORT_MAX_LINES, type RedirectImportResponse } from '../../../shared/api/staff-redirects';
import type { Actor } from '../../context/actor';
import type { DbOrTx } from '../../db/client';
import { badRequest, type FieldError } from '../../errors';
import { joinLocalized, localized, type Localized } from '../../i18n';
import { recordAudit } from '../audit/audit.service';
import { fromPathOf, isOutside, type KnownPaths, redirectProblem, toPathOf } from './redirect-rules';
import { REDIRECT_MESSAGES } from './redirects.messages';
import * as repo from './redirects.repository';
import type { RedirectsContext } from './redirects.service';

/**
 * The old portal's aliases as CSV (issue 43 point 6): `old path;new path;status`, a header line
 * allowed, semicolons or commas. The whole file is checked against the redirects there are and
 * each other, as one set, before anything is stored: all lines or none. A line whose old path
 * has a redirect already changes it.
 */

interface ImportLine {
  line: number;
  values: repo.RedirectValues;
}

const lineError = (line: number, message: Localized): FieldError => ({
  field: `csv.${line}`,
  message: { nl: localized(REDIRECT_MESSAGES, 'import_line', { line, message: message.nl }).nl, en: localized(REDIRECT_MESSAGES, 'import_line', { line, message: message.en }).en },
});

/** Read: the records of the file (a header skipped), or a 400 when it is no CSV. */
function readRecords(csv: string): Array<{ line: number; fields: string[] }> {
  const firstLine = csv.split(/\r?\n/, 1)[0] ?? '';
  let records: string[][];
  try {
    records = parse(csv, { delimiter: firstLine.includes(';') ? ';' : ',', bom: true, trim: true, skip_empty_lines: true, relax_column_count: true });
  } catch {
    throw badRequest('import_unreadable', localized(REDIRECT_MESSAGES, 'import_unreadable'));
  }
  const rows = records.map((fields, i) => ({ line: i + 1, fields }));
  const first = rows[0]?.fields[0] ?? '';
  const header = first !== '' && !first.startsWith('/') && !/^https?:\/\//i.test(first);
  const body = header ? rows.slice(1) : rows;
  if (body.length > REDIRECT_IMPORT_MAX_LINES) throw badRequest('import_too_long', localized(REDIRECT_MESSAGES, 'import_too_long', { max: REDIRECT_IMPORT_MAX_LINES }));
  return body;
}

/** Parse each line: an old path, a new path or address, 301 or 302 (301 when left out). */
function parseLines(records: ReturnType<typeof readRecords>, errors: FieldError[]): ImportLine[] {
  const lines: ImportLine[] = [];
  for (const { line, fields } of records) {
    const [from = '', to = '', status = '301'] = fields;
    const toPath = toPathOf(to);
    if (from === '' || to === '' || fields.length > 3 || !/^30[12]$/.test(status)) errors.push({ field: `csv.${line}`, message: localized(REDIRECT_MESSAGES, 'import_columns', { line }) });
    else if (toPath === null) errors.push(lineError(line, localized(REDIRECT_MESSAGES, 'bad_to_path')));
    else lines.push({ line, values: { fromPath: fromPathOf(from), toPageId: null, toPath, status: Number(status) } });
  }
  return lines;
}

/** The redirects as they would be after the import: the ones there are, with the file's on top. */
async function knownAfter(db: DbOrTx, lines: readonly ImportLine[]): Promise<{ known: KnownPaths; idOf: Map<string, number>; before: Map<string, string | null> }> {
  const current = await repo.allRedirectTargets(db);
  const before = new Map(current.map((row) => [row.fromPath, row.toPath]));
  const idOf = new Map(current.map((row) => [row.fromPath, row.id]));
  const target = new Map(current.map((row) => [row.fromPath, row.toPath]));
  // A new line gets a negative id of its own, so it is "another" redirect to every other line.
  const seen = new Set<string>();
  for (const { line, values } of lines) {
    // A repeated old path is refused on its own; the first line says where it leads.
    if (seen.has(values.fromPath)) continue;
    seen.add(values.fromPath);
    if (!idOf.has(values.fromPath)) idOf.set(values.fromPath, -line);
    target.set(values.fromPath, values.toPath);
  }
  const leading = new Map<string, Array<{ id: number }>>();
  for (const [from, to] of target) {
    if (to === null || isOutside(to)) continue;
    const key = to.toLowerCase();
    leading.set(key, [...(leading.get(key) ?? []), { id: idOf.get(from)! }]);
  }
  const pages = await repo.pagePathsAmong(db, lines.map((l) => l.values.fromPath));
  return {
    known: { redirectFrom: (path) => (idOf.has(path) ? { id: idOf.get(path)! } : undefined), redirectsTo: (path) => leading.get(path) ?? [], isPagePath: (path) => pages.has(path) },
    idOf,
    before,
  };
}

/** Check every line against the rules and the other lines. */
async function checkLines(db: DbOrTx, lines: readonly ImportLine[], errors: FieldError[]) {
  const firstLine = new Map<string, number>();
  for (const { line, values } of lines) {
    const first = firstLine.get(values.fromPath);
    if (first !== undefined) errors.push({ field: `csv.${line}`, message: localized(REDIRECT_MESSAGES, 'import_duplicate', { line, path: values.fromPath, first }) });
    else firstLine.set(values.fromPath, line);
  }
  const { known, idOf, before } = await knownAfter(db, lines);
  for (const { line, values } of lines) {
    const problem = redirectProblem({ id: idOf.get(values.fromPath), fromPath: values.fromPath, toPath: values.toPath }, known);
    if (problem) errors.push(lineError(line, problem.message));
  }
  return { idOf, before };
}

/** Lines stored per statement: a file may have thousands, and a statement takes at most 65535 parameters. */
const STORE_CHUNK = 500;

/** Store: the checked lines, a chunk at a time (the redirects, their not-found paths dropped, an audit entry each). */
async function storeLines(ctx: RedirectsContext, tx: DbOrTx, actor: Actor, lines: readonly ImportLine[], idOf: Map<string, number>, before: Map<string, string | null>) {
  const at = ctx.now();
  for (let from = 0; from < lines.length; from += STORE_CHUNK) {
    const chunk = lines.slice(from, from + STORE_CHUNK);
    const stored = await repo.upsertRedirects(tx, chunk.map((l) => l.values), at);
    await repo.deleteNotFoundPaths(tx, chunk.map((l) => l.values.fromPath));
    await recordAudit(
      tx,
      actor,
      chunk.map(({ values }) => ({
        entity: 'redirect',
        entityId: stored.get(values.fromPath)!,
        action: 'redirect.import',
        before: idOf.get(values.fromPath)! < 0 ? null : { to_path: before.get(values.fromPath) ?? null },
        after: { from_path: values.fromPath, to_path: values.toPath, status: values.status },
        at,
      })),
    );
  }
}

/** POST /api/staff/redirects/import */
export async function importRedirects(ctx: RedirectsContext, actor: Actor, csv: string): Promise<RedirectImportResponse> {
  return ctx.db.transaction(async (tx) => {
    const errors: FieldError[] = [];
    const lines = parseLines(readRecords(csv), errors);
    const { idOf, before } = await checkLines(tx, lines, errors);
    if (errors.length > 0) {
      const summary = localized(REDIRECT_MESSAGES, 'import_failed', { count: new Set(errors.map((e) => e.field)).size });
      throw badRequest('invalid_import', joinLocalized([summary, ...errors.slice(0, 20).map((e) => e.message as Localized)], ' '), errors);
    }
    await storeLines(ctx, tx, actor, lines, idOf, before);
    const created = lines.filter(({ values }) => idOf.get(values.fromPath)! < 0).length;
    return { created, updated: lines.length - created };
  });
}
