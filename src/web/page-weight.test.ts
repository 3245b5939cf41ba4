// @vitest-environment node
/* eslint-disable no-restricted-imports -- this test runs in node and reads the build it makes; it is not web code */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Page weight (issue 9, point 7), measured on a production build made here: sizes are
 * deterministic, not timings. Sizes are as served: the build's brotli copies (quality 11, as
 * vite.config.ts writes them). The JavaScript a page loads before its first render (the entry,
 * its static imports, the route's own chunk, the lazy layout it renders in, and their static
 * imports) stays within a budget for the login page and the assortment; no route's own chunk
 * exceeds 60 kB.
 */

/**
 * The first load as served, with at least 10 % headroom when it was set. React, React Router,
 * i18next and TanStack Query alone are ~110 kB, so what a page adds before its first render must
 * stay small: what only some pages need, and what shows below the fold, loads lazily
 * (docs/decisions/012-page-weight.md).
 */
const PAGE_BUDGET = 150 * 1024;
const ROUTE_LIMIT = 60 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

let outDir: string;
let manifest: Record<string, ManifestChunk>;
const served = new Map<string, number>();

/** A file's size as the server sends it: its brotli copy, made as the build makes it. */
function br(file: string): number {
  let size = served.get(file);
  if (size === undefined) {
    size = brotliCompressSync(readFileSync(path.join(outDir, file)), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
    served.set(file, size);
  }
  return size;
}

/** A chunk's JavaScript and everything it imports statically, each file once. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = () => Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const routeKey = (route: string) => Object.keys(manifest).find((k) => k === `app/routes/${route}.tsx` || k.endsWith(`/app/routes/${route}.tsx`));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'page-weight-'));
  // vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.resolve('vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: 'manifest.json' } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8'));
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('page weight of the production build', () => {
  for (const [page, route, layouts] of [
    ['login', 'auth/login', ['app/layout/public-layout.tsx']],
    ['assortment', 'catalog/assortment', ['app/layout/shop-layout.tsx']],
  ] as const) {
    it(`loads at most ${kb(PAGE_BUDGET)} (brotli) of JavaScript before the ${page} page renders`, () => {
      const key = routeKey(route);
      expect(key, `the ${route} route is a chunk of its own`).toBeDefined();
      let files = closure(key!, closure(entryKey()));
      // The lazy layouts the page renders inside load before it too.
      for (const layout of layouts) {
        const layoutKey = Object.keys(manifest).find((k) => k === layout || k.endsWith(`/${layout}`));
        expect(layoutKey, `${layout} is in the build`).toBeDefined();
        files = closure(layoutKey!, files);
      }
      const total = [...files].reduce((sum, f) => sum + br(f), 0);
      console.warn(`${page}: ${total} bytes brotli in ${files.size} files: ${[...files].map((f) => `${path.basename(f)} ${kb(br(f))}`).join(', ')}`);
      expect(total).toBeLessThanOrEqual(PAGE_BUDGET);
    });
  }

  it('keeps every route chunk under 60 kB (brotli)', () => {
    const routes = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('app/routes/'));
    expect(routes.length).toBeGreaterThan(10);
    const heavy = routes.map(([key, chunk]) => [key, br(chunk.file)] as const).filter(([, size]) => size > ROUTE_LIMIT);
    expect(heavy.map(([key, size]) => `${key}: ${kb(size)}`)).toEqual([]);
  });
});
