/* What eslint-rules/module-boundaries.js lets pass; an entry no longer needed fails the lint run. */

/** Imports that cross a boundary on purpose, by file (relative to src/server) → table or file. */
export const BOUNDARY_EXCEPTIONS = {
  // drizzle's query builder is given the whole schema once.
  'db/client.ts': ['*'],
};
