import { z } from 'zod';

import { ERP_IMPORT_KINDS } from './erp';
import { staffPage } from './staff';

/**
 * Staff's list of ERP import runs (issue 42, point 8): every import by the ERP's token or the
 * command line, with its counts and result, and the errors of its lines as CSV. Admin only.
 */

/** What a run imports: an ERP import kind, or the product images. */
export const IMPORT_RUN_KINDS = [...ERP_IMPORT_KINDS, 'images'] as const;
export type ImportRunKind = (typeof IMPORT_RUN_KINDS)[number];

/** How a run ended: applied (or passed, as a dry run), refused for errors in its lines, or failed as a whole. */
export const IMPORT_RUN_RESULTS = ['running', 'ok', 'with_errors', 'failed'] as const;
export type ImportRunResult = (typeof IMPORT_RUN_RESULTS)[number];

/** Why a run failed as a whole. */
export const IMPORT_RUN_FAILURES = ['unreadable', 'no_rows', 'too_large', 'stopped'] as const;
export type ImportRunFailure = (typeof IMPORT_RUN_FAILURES)[number];

/** Runs per page of the list. */
export const IMPORT_RUNS_PER_PAGE = 25;
/** The errors a run's page shows; the CSV has all that were kept. */
export const IMPORT_RUN_ERRORS_SHOWN = 100;
/** The errors kept per run (all are counted). */
export const IMPORT_RUN_ERRORS_KEPT = 10_000;

/** GET /api/staff/import-runs: newest first, filtered on kind and result. */
export const importRunListQuery = z.object({
  kind: z.enum(IMPORT_RUN_KINDS, { message: 'kind is an import kind such as products, stock or images.' }).optional(),
  result: z.enum(IMPORT_RUN_RESULTS, { message: 'result is running, ok, with_errors or failed.' }).optional(),
  page: staffPage,
});
export type ImportRunListQuery = z.input<typeof importRunListQuery>;

export const importRunParams = z.object({ id: z.uuid('id is the uuid of an import run.') });

export const importRun = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(IMPORT_RUN_KINDS),
  /** 'http' (the ERP's token) or 'cli' (the command line). */
  source: z.enum(['http', 'cli']),
  /** The token's fingerprint or the command line's user. */
  started_by: z.string(),
  format: z.string(),
  dry_run: z.boolean(),
  deactivate_missing: z.boolean(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  took_ms: z.number().int().nullable(),
  rows: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    deactivated: z.number().int(),
    refused: z.number().int(),
  }),
  error_count: z.number().int(),
  result: z.enum(IMPORT_RUN_RESULTS),
  failure_code: z.enum(IMPORT_RUN_FAILURES).nullable(),
  /** The import's own (English) words of why it failed. */
  failure: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;

export const importRunListResponse = z.object({
  data: z.array(importRun),
  meta: z.object({ count: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
export type ImportRunListResponse = z.infer<typeof importRunListResponse>;

export const importRunError = z.object({
  /** The file's line (1 is a CSV's header; 0 the file as a whole; images: the file's place in the folder). */
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRunError = z.infer<typeof importRunError>;

/** GET /api/staff/import-runs/{id}: the run with its first errors. */
export const importRunDetail = importRun.extend({
  errors: z.array(importRunError),
  /** Errors stored (the CSV's rows); at most IMPORT_RUN_ERRORS_KEPT. */
  errors_kept: z.number().int(),
});
export type ImportRunDetail = z.infer<typeof importRunDetail>;
