import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries (eslint-rules/module-boundaries.js, made from db/table-owners.ts) as a
 * lint run sees them: small files that cross a boundary, linted with the project's own config.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, 'src/server', file) });
  return result!.messages.filter((m) => m.ruleId === 'local/module-boundaries').map((m) => m.message);
}

describe('module boundaries', () => {
  it("fails a service that imports another module's table", async () => {
    const errors = await boundaryErrors('modules/content/menu.service.ts', "import { products } from '../../db/schema';\nexport const t = products;\n");
    expect(errors).toEqual([
      "products belongs to catalog: only catalog's repositories import it; call catalog's service. (modules/content/menu.service.ts → products)",
    ]);
  });

  it('lets the owner import its table in a repository, not in another of its files', async () => {
    const code = "import { products } from '../../db/schema';\nexport const t = products;\n";
    expect(await boundaryErrors('modules/catalog/shelf.repository.ts', code)).toEqual([]);
    expect(await boundaryErrors('modules/catalog/shelf.ts', code)).toEqual([
      "products belongs to catalog: only catalog's repositories import it, so move this statement into one. (modules/catalog/shelf.ts → products)",
    ]);
  });

  it('lets the ERP import any table, but only in its repositories', async () => {
    const code = "import { orders, users } from '../../db/schema';\nexport const t = [orders, users];\n";
    expect(await boundaryErrors('modules/erp/erp-orders.repository.ts', code)).toEqual([]);
    expect(await boundaryErrors('modules/erp/erp-orders.ts', code)).toHaveLength(2);
  });

  it("fails an import of another module's private file and passes its service and public files", async () => {
    expect(await boundaryErrors('modules/staff/staff-x.ts', "export { findUserByLoginName } from '../auth/auth.repository';\n")).toEqual([
      'modules/auth/auth.repository is private to auth: import its service (*.service.ts) instead. (modules/staff/staff-x.ts → modules/auth/auth.repository)',
    ]);
    const fine = "import type { SessionService } from '../auth/session.service';\nimport { IMAGE_STYLES } from '../images/image-styles';\nexport type S = SessionService;\nexport const s = IMAGE_STYLES;\n";
    expect(await boundaryErrors('modules/staff/staff-x.ts', fine)).toEqual([]);
  });

  it('lets any repository read the kernel tables, and lets tests arrange any data', async () => {
    expect(await boundaryErrors('modules/content/menu.repository.ts', "import { relations } from '../../db/schema';\nexport const t = relations;\n")).toEqual([]);
    expect(await boundaryErrors('modules/content/menu.test.ts', "import { orders } from '../../db/schema';\nexport const t = orders;\n")).toEqual([]);
  });

  it('fails a statement that writes outside a repository', async () => {
    const code = "import { sql } from 'drizzle-orm';\nexport const q = sql`update variations set active = false where id = ${1}`;\n";
    expect(await boundaryErrors('modules/erp/erp-cleanup.ts', code)).toEqual([
      'A statement that writes belongs in a repository (*.repository.ts) of the module that owns its table.',
    ]);
    expect(await boundaryErrors('modules/erp/erp-cleanup.repository.ts', code)).toEqual([]);
  });

  it('fails a module folder that the map does not know', async () => {
    expect(await boundaryErrors('modules/invoices/invoices.service.ts', 'export const x = 1;\n')).toEqual([
      'modules/invoices is not in MODULES of src/server/db/table-owners.ts.',
    ]);
  });

  it('fails an allowance that is no longer needed, and every allowed file exists', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(root, 'src/server/modules/content/menu.service.ts'))) as {
      rules: Record<string, [unknown, Record<string, unknown>]>;
    };
    const options = config.rules['local/module-boundaries']![1];
    const allowing = new ESLint({
      cwd: root,
      overrideConfig: { rules: { 'local/module-boundaries': ['error', { ...options, allow: { 'modules/content/menu.service.ts': ['products'] } }] } },
    });
    const file = 'modules/content/menu.service.ts';
    expect(await boundaryErrors(file, "import { products } from '../../db/schema';\nexport const t = products;\n", allowing)).toEqual([]);
    expect(await boundaryErrors(file, 'export const t = 1;\n', allowing)).toEqual([
      'modules/content/menu.service.ts → products is allowed but not imported any more: remove it from eslint-rules/boundary-allow-list.js.',
    ]);

    const lists = (await import(pathToFileURL(path.join(root, 'eslint-rules/boundary-allow-list.js')).href)) as Record<string, Record<string, string[]>>;
    const files = Object.values(lists).flatMap((list) => Object.keys(list));
    expect(files.filter((f) => !existsSync(path.join(root, 'src/server', f)))).toEqual([]);
  });
});

