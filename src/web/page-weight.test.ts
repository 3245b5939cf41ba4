// @vitest-environment node
/* eslint-disable no-restricted-imports -- this test runs in node and reads the build it makes; it is not web code */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Page weight (issue 9, point 7), measured on a production build made here: sizes are
 * deterministic, not timings. The JavaScript a page loads before its first render (the entry,
 * its static imports, the route's own chunk, the lazy layout it renders in, and their static
 * imports) stays within a budget for the login page and the assortment; no route's own chunk
 * exceeds 60 kB gzip.
 */

/**
 * Issue 9's 150 kB. React, React Router, i18next and TanStack Query alone are ~122 kB gzip, so
 * what a page adds before its first render must stay small: what only some pages need, and
 * what shows below the fold, loads lazily (docs/decisions/012-page-weight.md).
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
const gzipped = new Map<string, number>();

function gz(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
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
    ['login', 'auth/login', []],
    ['assortment', 'catalog/assortment', ['app/layout/shop-layout.tsx']],
  ] as const) {
    it(`loads at most ${kb(PAGE_BUDGET)} gzip of JavaScript before the ${page} page renders`, () => {
      const key = routeKey(route);
      expect(key, `the ${route} route is a chunk of its own`).toBeDefined();
      let files = closure(key!, closure(entryKey()));
      // The lazy layouts the page renders inside load before it too.
      for (const layout of layouts) {
        const layoutKey = Object.keys(manifest).find((k) => k === layout || k.endsWith(`/${layout}`));
        expect(layoutKey, `${layout} is in the build`).toBeDefined();
        files = closure(layoutKey!, files);
      }
      const total = [...files].reduce((sum, f) => sum + gz(f), 0);
      console.warn(`${page}: ${kb(total)} gzip in ${files.size} files: ${[...files].map((f) => `${path.basename(f)} ${kb(gz(f))}`).join(', ')}`);
      expect(total).toBeLessThanOrEqual(PAGE_BUDGET);
    });
  }

  it('keeps every route chunk under 60 kB gzip', () => {
    const routes = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('app/routes/'));
    expect(routes.length).toBeGreaterThan(10);
    const heavy = routes.map(([key, chunk]) => [key, gz(chunk.file)] as const).filter(([, size]) => size > ROUTE_LIMIT);
    expect(heavy.map(([key, size]) => `${key}: ${kb(size)}`)).toEqual([]);
  });
});
