import { z } from 'zod';
import { ERP_IMPORT_KINDS } from './erp';

/** The ERP import calls (docs/erp-exchange.md): their parameters and the import report. The rows are in erp.ts. */

export const erpImportParams = z.object({
  kind: z.enum(ERP_IMPORT_KINDS, { message: `kind is one of ${ERP_IMPORT_KINDS.join(', ')}.` }),
});
const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { message: 'is 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');
export const erpImportQuery = z.object({ dry_run: queryFlag, deactivate_missing: queryFlag, welcome_mail: queryFlag });

export const erpRowError = z.object({
  /** 1-based line of the file where the row starts; 0 for the file as a whole. */
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ErpRowError = z.infer<typeof erpRowError>;

export const erpImportReport = z.object({
  kind: z.enum(ERP_IMPORT_KINDS),
  format: z.enum(['jsonl', 'csv']),
  dry_run: z.boolean(),
  deactivate_missing: z.boolean(),
  /** True when the file was written (never for a dry run or a bad file). */
  applied: z.boolean(),
  /** Records read (not counting the CSV header and empty lines). */
  rows: z.number().int(),
  /** Every problem found, in line order within each check, up to `errors_limit`. */
  errors: z.array(erpRowError),
  error_count: z.number().int(),
  errors_truncated: z.boolean(),
  /** What the import changed (or would change, on a dry run): rows really written, not rows read. */
  counts: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deactivated: z.number().int(),
  }),
  /**
   * Users import with welcome mails, or a food import that changed ingredients or allergens
   * (decision 024): the mails sent right after the commit, and the ones not sent then (`failed`),
   * which the mail outbox tries again or shows staff as not delivered (decision 033).
   */
  mails: z.object({ sent: z.number().int(), failed: z.number().int() }).optional(),
  ms: z.number().int(),
});
export type ErpImportReport = z.infer<typeof erpImportReport>;

/** The report of an images import: the same fields; `rows` counts the files, `line` is a file's place in the sorted listing (0: the archive). */
export const erpImagesReport = erpImportReport.extend({ kind: z.literal('images'), format: z.enum(['folder', 'tar']) });
export type ErpImagesReport = z.infer<typeof erpImagesReport>;
export const erpImagesQuery = z.object({ dry_run: queryFlag });

export const erpErrorResponse = z.object({ message: z.string(), code: z.string().optional() });
