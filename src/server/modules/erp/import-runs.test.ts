import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ImportRunDetail, importRunDetail, importRunListResponse, type ImportRunListResponse } from '../../../shared/api/staff-import-runs';
import { auditLog, importRuns } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { call } from '../ordering/cart/test-support';
import { ERP_TOKEN, example, importCall } from './test-support';
import { createErpService } from './erp.service';
import { finishRun, startRun, tokenFingerprint } from './import-runs';

const t = useTestApp({ erpApiToken: ERP_TOKEN });
const db = () => t.app.database.db;

// The demo data's runs and their entries aside, each test counts only its own (the reset brings them back).
beforeEach(async () => {
  await db().execute(sql`truncate import_runs, import_run_errors, audit_log`);
});

const list = async (session: Session, query = ''): Promise<ImportRunListResponse> => {
  const res = await call(t.app, session, 'GET', `/api/staff/import-runs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return importRunListResponse.parse(res.json());
};
const detail = async (session: Session, id: string): Promise<ImportRunDetail> => {
  const res = await call(t.app, session, 'GET', `/api/staff/import-runs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return importRunDetail.parse(res.json());
};
const auditOf = (runNumber: number) => db().select().from(auditLog).where(and(eq(auditLog.entity, 'import_run'), eq(auditLog.entityId, String(runNumber))));

/** Two lines with errors (a missing name, a repeated id) and one good line. */
const BAD_CATEGORIES = ['{"erp_id":"A","name_nl":"A"}', '{"erp_id":"B"}', '{"erp_id":"A","name_nl":"A again"}'].join('\n');

describe('import runs: every ERP import is recorded', () => {
  it('records an applied HTTP import with who, counts and result, and one audit entry that names the run', async () => {
    const res = await importCall(t.app, 'categories', example('categories.jsonl'));
    expect(res.statusCode, res.body).toBe(200);
    const staff = await login(t.app, 'staff');
    const [run] = (await list(staff)).data;
    expect(run).toMatchObject({
      kind: 'categories',
      source: 'http',
      started_by: tokenFingerprint(ERP_TOKEN),
      format: 'jsonl',
      dry_run: false,
      rows: 5,
      counts: { new: 5, changed: 0, unchanged: 0, refused: 0 },
      error_count: 0,
      result: 'ok',
      failure: null,
    });
    expect(run!.started_by).not.toContain(ERP_TOKEN.slice(0, 8));
    expect(run!.took_ms).toBeGreaterThanOrEqual(0);
    expect(await auditOf(run!.number)).toMatchObject([
      { system: 'erp_import', userId: null, action: 'import.applied', ip: '127.0.0.1', after: { kind: 'categories', result: 'ok', new: 5, changed: 0 } },
    ]);
    // A repeat changes nothing: a run of its own, all unchanged.
    await importCall(t.app, 'categories', example('categories.jsonl'));
    expect((await list(staff)).data[0]).toMatchObject({ counts: { new: 0, changed: 0, unchanged: 5 }, result: 'ok' });
  });

  it('records a refused file with its errors per line, and gives them all as CSV (BOM, semicolons, header in the language)', async () => {
    const res = await importCall(t.app, 'categories', BAD_CATEGORIES);
    expect(res.statusCode).toBe(422);
    const staff = await login(t.app, 'staff');
    const [run] = (await list(staff)).data;
    expect(run).toMatchObject({ result: 'with_errors', rows: 3, counts: { new: 0, refused: 2 }, failure_code: null });
    const shown = await detail(staff, run!.id);
    expect(shown.errors_kept).toBe(shown.error_count);
    expect(shown.errors.map((e) => [e.line, e.field])).toEqual(expect.arrayContaining([[2, 'name_nl']]));
    expect(await auditOf(run!.number)).toMatchObject([{ action: 'import.refused', after: { result: 'with_errors', refused: 2 } }]);

    const csv = await call(t.app, staff, 'GET', `/api/staff/import-runs/${run!.id}/errors.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="import-run-${run!.number}-categories-errors.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\ufeffRegel;Veld;Melding');
    expect(lines.slice(1, -1)).toHaveLength(shown.error_count);
    expect(lines).toContain(`2;name_nl;${shown.errors.find((e) => e.line === 2)!.message}`);
    const en = await t.app.inject({ method: 'GET', url: `${API}/en/api/staff/import-runs/${run!.id}/errors.csv`, headers: { cookie: staff.cookie } });
    expect(en.body.split('\r\n')[0]).toBe('\ufeffLine;Field;Message');
  });

  it('records a failed run with its reason: a file that cannot be read, an empty file', async () => {
    // One line longer than the reader takes, with no end: the file cannot be read on.
    const long = `{"erp_id":"${'x'.repeat(1024 * 1024 + 10)}"}`;
    expect((await importCall(t.app, 'categories', long)).statusCode).toBe(422);
    expect((await importCall(t.app, 'products', '', { format: 'csv' })).statusCode).toBe(422);
    const staff = await login(t.app, 'staff');
    const [empty, unreadable] = (await list(staff)).data;
    expect(unreadable).toMatchObject({ kind: 'categories', result: 'failed', failure_code: 'unreadable', failure: expect.stringMatching(/^\(file\) Line 1 is longer than/) });
    expect(empty).toMatchObject({ kind: 'products', format: 'csv', result: 'failed', failure_code: 'no_rows', failure: '(file) has no rows' });
    expect(await auditOf(empty!.number)).toMatchObject([{ action: 'import.failed', reason: '(file) has no rows' }]);
    expect((await list(staff, '?result=failed')).meta.count).toBe(2);
  });

  it('records a dry run as such, the command line by its user, and an images archive', async () => {
    expect((await importCall(t.app, 'categories', example('categories.jsonl'), { query: 'dry_run=1' })).statusCode).toBe(200);
    const cli = createErpService(db(), { now: () => new Date() });
    await cli.importFile({ kind: 'categories', format: 'jsonl', input: (async function* () {
        yield example('categories.jsonl');
      })(), dryRun: false, deactivateMissing: false, by: { source: 'cli', startedBy: 'erp@batch' } });
    const work = mkdtempSync(path.join(tmpdir(), 'empty-archive-'));
    const empty = execFileSync('tar', ['-cf', '-', '--files-from', '/dev/null'], { cwd: work });
    const images = await t.app.inject({ method: 'POST', url: `${API}/api/erp/import/images`, headers: { 'content-type': 'application/x-tar', authorization: `Bearer ${ERP_TOKEN}` }, payload: empty });
    expect(images.statusCode).toBe(422);
    const staff = await login(t.app, 'staff');
    const [archive, byCli, dry] = (await list(staff)).data;
    expect(dry).toMatchObject({ dry_run: true, result: 'ok', counts: { new: 5 } });
    expect(await auditOf(dry!.number)).toMatchObject([{ action: 'import.dry_run' }]);
    expect(byCli).toMatchObject({ source: 'cli', started_by: 'erp@batch', result: 'ok', counts: { new: 5 } });
    expect(archive).toMatchObject({ kind: 'images', format: 'tar', result: 'failed', failure_code: 'unreadable', failure: '(archive) The archive is empty.' });
    expect((await list(staff, '?kind=images')).data.map((r) => r.number)).toEqual([archive!.number]);
  });

  it('finishes a run and writes its audit entry in one transaction: rolled back together', async () => {
    const run = await startRun(db(), { source: 'cli', startedBy: 'test' }, { kind: 'stock', format: 'csv', dryRun: false, deactivateMissing: false, at: new Date() });
    const outcome = { rows: 1, counts: { inserted: 1, updated: 0, unchanged: 0, deactivated: 0 }, applied: true, errors: [], errorCount: 0, refused: 0, tookMs: 5, finishedAt: new Date() };
    await expect(
      db().transaction(async (tx) => {
        await finishRun(tx, run, outcome);
        throw new Error('the import after it failed');
      }),
    ).rejects.toThrow('the import after it failed');
    const [row] = await db().select().from(importRuns).where(eq(importRuns.id, run.id));
    expect(row!.result).toBe('running');
    expect(await auditOf(run.id)).toEqual([]);
  });
});

describe('GET /api/staff/import-runs', () => {
  it('is for admins only: the order desk and finance are refused', async () => {
    for (const name of ['orderdesk', 'finance']) {
      const res = await call(t.app, await login(t.app, name), 'GET', '/api/staff/import-runs');
      expect(res.statusCode, name).toBe(403);
    }
    expect((await call(t.app, await login(t.app, 'demo'), 'GET', '/api/staff/import-runs')).statusCode).toBe(403);
  });

  it('pages newest first and filters on kind and result', async () => {
    for (let i = 0; i < 26; i++) await importCall(t.app, 'vat_rates', '', { format: 'csv' });
    await importCall(t.app, 'categories', example('categories.jsonl'));
    const staff = await login(t.app, 'staff');
    const first = await list(staff);
    expect(first.meta).toEqual({ count: 27, page: 1, per_page: 25 });
    expect(first.data[0]!.kind).toBe('categories');
    expect((await list(staff, '?page=2')).data).toHaveLength(2);
    expect((await list(staff, '?kind=vat_rates&result=failed')).meta.count).toBe(26);
    expect((await list(staff, '?kind=categories&result=failed')).data).toEqual([]);
  });

  it("refuses bad input in the staff user's language and answers 404 for a run that does not exist", async () => {
    const staff = await login(t.app, 'staff');
    const nl = await call(t.app, staff, 'GET', '/api/staff/import-runs?result=perhaps');
    expect(nl.statusCode).toBe(400);
    expect(nl.json().message).toMatch(/result is running, ok, with_errors of failed/);
    const en = await t.app.inject({ method: 'GET', url: `${API}/en/api/staff/import-runs?kind=cheese`, headers: { cookie: staff.cookie } });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/kind is an import kind/);
    expect((await call(t.app, staff, 'GET', '/api/staff/import-runs/12')).json().message).toMatch(/id is de uuid van een importrun/);
    const missing = await call(t.app, staff, 'GET', '/api/staff/import-runs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Deze importrun bestaat niet.');
    const missingEn = await t.app.inject({ method: 'GET', url: `${API}/en/api/staff/import-runs/00000000-0000-4000-8000-000000000000/errors.csv`, headers: { cookie: staff.cookie } });
    expect(missingEn.statusCode).toBe(404);
    expect(missingEn.json().message).toBe('This import run does not exist.');
  });
});
