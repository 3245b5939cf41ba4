import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { erpImagesReport } from '../../../shared/api/erp-import';
import { files } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { getJson, indexUrl } from '../catalog/test-support';
import { ERP_TOKEN, importExamples } from './test-support';

const t = useTestApp({ erpApiToken: ERP_TOKEN });
const examples = path.resolve(process.cwd(), 'examples/erp/images');

/** A tar archive as GNU tar writes it (the machines' tar; what an ERP's script would use). */
const tar = (cwd: string, ...args: string[]) => execFileSync('tar', ['-cf', '-', ...args], { cwd, maxBuffer: 64 * 1024 * 1024 });

function upload(body: Buffer | string, { query = '', type = 'application/x-tar', token = ERP_TOKEN }: { query?: string; type?: string; token?: string | null } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/api/erp/import/images${query ? `?${query}` : ''}`,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
}

const stored = () => t.app.database.db.select({ filename: files.filename, mime: files.mime }).from(files).where(like(files.filename, '88000%'));

const withProducts = () => importExamples(t.app, ['categories', 'products'], 'jsonl');

describe('ERP import of images over HTTP (a tar archive of the folder)', () => {
  it('answers 401 without the token and reads nothing', async () => {
    await withProducts();
    for (const token of [null, `${ERP_TOKEN}x`]) {
      const res = await upload(tar(examples, '.'), { token });
      expect(res.statusCode).toBe(401);
    }
    expect(await stored()).toEqual([]);
  });

  it('stores the images like the folder import, shows them on the product, and a repeat changes nothing', async () => {
    await withProducts();
    const res = await upload(tar(examples, '.'));
    expect(res.statusCode, res.body).toBe(200);
    expect(erpImagesReport.parse(res.json())).toMatchObject({ kind: 'images', format: 'tar', applied: true, rows: 3, error_count: 0, counts: { inserted: 3, updated: 0 } });
    expect((await stored()).map((f) => [f.filename, f.mime]).sort()).toEqual([
      ['880001-1.svg', 'image/svg+xml'],
      ['880001.svg', 'image/svg+xml'],
      ['880002.png', 'image/png'],
    ]);
    const { cookie } = await login(t.app, 'demo');
    const list = await getJson(t.app, indexUrl({ 'filter[fulltext]': '880001', 'page[limit]': 5 }), cookie);
    expect(productListResponse.parse(list.json()).data[0]?.images.map((i) => i.filename)).toEqual(['880001.svg', '880001-1.svg']);

    // The folder itself archived (one folder inside), in pax format: the same files, nothing to do.
    const again = await upload(tar(path.dirname(examples), '--format=pax', 'images'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ applied: true, counts: { inserted: 0, updated: 0, unchanged: 3 } });
  });

  it('a dry run reports what would change and stores nothing', async () => {
    await withProducts();
    const res = await upload(tar(examples, '.'), { query: 'dry_run=1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dry_run: true, applied: false, counts: { inserted: 3 } });
    expect(await stored()).toEqual([]);
  });

  it('names every bad file and entry (also a link, a deeper folder, a hidden file is skipped) and stores none', async () => {
    await withProducts();
    const dir = mkdtempSync(path.join(tmpdir(), 'erp-images-http-'));
    copyFileSync(path.join(examples, '880002.png'), path.join(dir, '880002.png'));
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    writeFileSync(path.join(dir, '999999.png'), 'x');
    writeFileSync(path.join(dir, '880001-2.png'), 'not a png');
    writeFileSync(path.join(dir, '.DS_Store'), 'x');
    symlinkSync('880002.png', path.join(dir, '880003.png'));
    mkdirSync(path.join(dir, 'more'));
    copyFileSync(path.join(examples, '880001.svg'), path.join(dir, 'more', '880001.svg'));
    const res = await upload(tar(dir, '.'));
    expect(res.statusCode, res.body).toBe(422);
    const report = erpImagesReport.parse(res.json());
    expect(report.errors.map((e) => [e.line, e.field, e.message]).sort()).toEqual([
      [0, './880003.png', 'is not a file (links and devices are not taken)'],
      [0, './more/880001.svg', 'is in a folder inside the archive (give the files, or one folder with them)'],
      [1, '880001-2.png', 'is not an image that can be read'],
      [3, '999999.png', 'names article number 999999, which is not in the shop'],
      [4, 'notes.txt', 'is not named <article number>[-<n>].jpg|jpeg|png|webp|gif|svg'],
    ]);
    expect(report).toMatchObject({ applied: false, rows: 4, error_count: 5 });
    expect(await stored()).toEqual([]);
  });

  it('reports a body that is not a tar archive, and refuses other content types (and a tar archive for another kind)', async () => {
    await withProducts();
    const garbage = await upload(Buffer.alloc(2048, 7));
    expect(garbage.statusCode, garbage.body).toBe(422);
    expect(garbage.json().errors).toEqual([
      { line: 0, field: '(archive)', message: 'The archive has a header that is not tar; is it an uncompressed tar archive?' },
    ]);
    const cut = tar(examples, '.').subarray(0, 1500);
    expect((await upload(cut)).json().errors[0]).toMatchObject({ field: '(archive)', message: 'The archive ends in the middle of a file.' });
    expect((await upload('x', { type: 'application/zip' })).statusCode).toBe(415);
    expect((await upload(tar(examples, '.'), { type: 'text/csv' })).statusCode).toBe(415);
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `${API}/api/erp/import/products`,
      headers: { 'content-type': 'application/x-tar', authorization: `Bearer ${ERP_TOKEN}` },
      payload: tar(examples, '.'),
    });
    expect(wrongKind.statusCode).toBe(415);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `${API}/api/erp/import/images`,
      headers: { 'content-type': 'application/x-tar', authorization: `Bearer ${ERP_TOKEN}`, 'content-length': String(300 * 1024 * 1024) },
      payload: 'x',
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await stored()).toEqual([]);
  });
});
