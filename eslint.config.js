import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tsImport } from 'tsx/esm/api';
import tseslint from 'typescript-eslint';
import { BOUNDARY_EXCEPTIONS } from './eslint-rules/boundary-allow-list.js';
import moduleBoundaries from './eslint-rules/module-boundaries.js';

const { MODULES, TABLE_OWNERS, KERNEL, WRITES_EVERY_TABLE } = await tsImport('./src/server/db/table-owners.ts', import.meta.url);

const boundaryOptions = {
  modules: MODULES,
  tableOwners: TABLE_OWNERS,
  kernel: KERNEL,
  writesEveryTable: WRITES_EVERY_TABLE,
  allow: BOUNDARY_EXCEPTIONS,
};

/** Import boundaries of DESIGN.md section 3, as no-restricted-imports patterns per folder. */
const noServer = { group: ['**/server/**'], message: 'The web (and shared) never import server code.' };
const noWeb = { group: ['**/web/**'], message: 'Only the web imports web code.' };

/**
 * A feature does not import another feature; app/ composes them. no-restricted-imports sees the
 * import as written, so the rule is made per folder depth: from a file n folders below
 * src/web/features/, an import that climbs n levels and goes down again enters a(nother) feature.
 * The ordering feature holds sub-features (cart/, checkout/, history/) with the same boundary
 * between them; they may import ordering's shared parts (ordering/shared/), and no other feature
 * imports ordering.
 */
const MAX_FEATURE_DEPTH = 6;
const webBasics = [noServer, { group: ['node:*'], message: 'The web runs in a browser.' }];
const featureMessage = 'A feature does not import another feature; compose them in app/.';
const climbs = (levels) => `^(?:\\.\\./){${levels}}`;
const depthGlob = (root, depth) => `${root}/${'*/'.repeat(depth)}*.{ts,tsx}`;

function featureBoundaries() {
  const intoAFeature = (depth) => ({ regex: `${climbs(depth)}(?!\\.\\.)[^/]+/`, message: featureMessage });
  const anyFeaturesPath = { group: ['**/features/**'], message: featureMessage };
  const blocks = [];
  for (let depth = 1; depth <= MAX_FEATURE_DEPTH; depth += 1) {
    blocks.push({
      files: [depthGlob('src/web/features', depth)],
      rules: { 'no-restricted-imports': ['error', { patterns: [...webBasics, intoAFeature(depth), anyFeaturesPath] }] },
    });
  }
  // Inside ordering: one level further down another sub-feature starts; shared/ is open to all.
  for (let depth = 1; depth < MAX_FEATURE_DEPTH; depth += 1) {
    const intoASubFeature = {
      regex: `${climbs(depth)}(?!\\.\\.|shared/)[^/]+/`,
      message: 'A part of ordering (cart, checkout, history) imports only its own files and ordering/shared.',
    };
    blocks.push({
      files: [depthGlob('src/web/features/ordering', depth)],
      rules: { 'no-restricted-imports': ['error', { patterns: [...webBasics, intoAFeature(depth + 1), intoASubFeature, anyFeaturesPath] }] },
    });
  }
  return blocks;
}

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.tsbuild/**', 'data/**', 'test-results/**', 'playwright-report/**', '.test-output/**', 'src/server/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line scripts print their results.
    files: ['scripts/**/*.{mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            noWeb,
            { group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', 'node:*', 'pg', '@electric-sql/*'], message: 'shared/ holds pure code: no React, no node:*, no database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer, { group: ['node:*'], message: 'The web runs in a browser.' }] }],
    },
  },
  ...featureBoundaries(),
  {
    files: ['src/server/**/*.ts'],
    plugins: { local: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noWeb] }],
      // Every table has one owning module; modules import each other's services (docs/architecture.md).
      'local/module-boundaries': ['error', boundaryOptions],
    },
  },
  {
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noWeb, { group: ['drizzle-orm', 'drizzle-orm/*', '**/*.repository'], message: 'Routes are thin: SQL lives in repositories, used by services.' }] },
      ],
    },
  },
);
