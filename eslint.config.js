import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of DESIGN.md section 3, as no-restricted-imports patterns per folder. */
const noServer = { group: ['**/server/**'], message: 'The web (and shared) never import server code.' };
const noWeb = { group: ['**/web/**'], message: 'Only the web imports web code.' };

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
  {
    // A feature does not import another feature; app/ composes them.
    files: ['src/web/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            { group: ['node:*'], message: 'The web runs in a browser.' },
            { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/', message: 'A feature does not import another feature; compose them in app/.' },
            { group: ['**/features/**'], message: 'A feature does not import another feature; compose them in app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] },
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
