import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { files } from '../../db/schema';
import { login, useTestApp } from '../../test/app';
import { getJson, indexUrl } from '../catalog/test-support';
import { importImageFolder } from './erp-images';
import { ERP_TOKEN, importExamples } from './test-support';

const t = useTestApp({ erpApiToken: ERP_TOKEN });
const folder = path.resolve(process.cwd(), 'examples/erp/images');

const withProducts = () => importExamples(t.app, ['categories', 'products'], 'jsonl');

describe('ERP import of images from a folder', () => {
  it('stores the images, links them to their products in order, renders the styles, and a repeat changes nothing', async () => {
    await withProducts();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-images-'));
    const report = await importImageFolder(t.app.database.db, folder, { dryRun: false, dataDir });
    expect(report).toMatchObject({ applied: true, error_count: 0, rows: 3, counts: { inserted: 3, updated: 0, unchanged: 0 } });
    const stored = await t.app.database.db.select().from(files).where(like(files.filename, '88000%'));
    expect(stored.map((f) => [f.filename, f.mime]).sort()).toEqual([
      ['880001-1.svg', 'image/svg+xml'],
      ['880001.svg', 'image/svg+xml'],
      ['880002.png', 'image/png'],
    ]);
    for (const f of stored) expect(existsSync(path.join(dataDir, 'image-styles', 'thumbnail', `${f.uuid}.webp`)), f.filename).toBe(true);

    const { cookie } = await login(t.app, 'demo');
    const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': '880001', 'page[limit]': 5 }), cookie);
    const [product] = productListResponse.parse(res.json()).data;
    expect(product?.images.map((i) => i.filename)).toEqual(['880001.svg', '880001-1.svg']);

    const again = await importImageFolder(t.app.database.db, folder, { dryRun: false, dataDir });
    expect(again).toMatchObject({ applied: true, counts: { inserted: 0, updated: 0, unchanged: 3 }, writes: { files_inserted: 0, files_updated: 0, links_added: 0, links_updated: 0 } });
  });

  it('replaces an image whose bytes changed, and a dry run changes nothing', async () => {
    await withProducts();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-images-'));
    const mine = mkdtempSync(path.join(tmpdir(), 'erp-images-in-'));
    copyFileSync(path.join(folder, '880002.png'), path.join(mine, '880002.png'));
    await importImageFolder(t.app.database.db, mine, { dryRun: false, dataDir });
    copyFileSync(path.join(folder, '880001.svg'), path.join(mine, '880002.png'));
    writeFileSync(path.join(mine, '880003.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const dry = await importImageFolder(t.app.database.db, mine, { dryRun: true, dataDir });
    expect(dry).toMatchObject({ applied: false, counts: { inserted: 1, updated: 1, unchanged: 0 } });
    expect(await t.app.database.db.select().from(files).where(like(files.filename, '880003%'))).toEqual([]);
    const real = await importImageFolder(t.app.database.db, mine, { dryRun: false, dataDir });
    expect(real).toMatchObject({ applied: true, counts: { inserted: 1, updated: 1 } });
  });

  it('names every bad file and stores none', async () => {
    await withProducts();
    const mine = mkdtempSync(path.join(tmpdir(), 'erp-images-bad-'));
    copyFileSync(path.join(folder, '880002.png'), path.join(mine, '880002.png'));
    writeFileSync(path.join(mine, 'notes.txt'), 'x');
    writeFileSync(path.join(mine, '999999.png'), 'x');
    writeFileSync(path.join(mine, '880001-2.png'), 'not a png');
    const report = await importImageFolder(t.app.database.db, mine, { dryRun: false, dataDir: mine });
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => [e.field, e.message])).toEqual([
      ['880001-2.png', 'is not an image that can be read'],
      ['999999.png', 'names article number 999999, which is not in the shop'],
      ['notes.txt', 'is not named <article number>[-<n>].jpg|jpeg|png|webp|gif|svg'],
    ]);
    expect(await t.app.database.db.select().from(files).where(like(files.filename, '88000%'))).toEqual([]);
  });
});
