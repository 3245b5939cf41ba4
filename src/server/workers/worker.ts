import type { FoodOverviewFormat } from '../../shared/api/food-overview';
import type { OverviewDocument } from '../modules/food-overview/overview-sheets';
import type { WorkbookRefusal } from '../modules/quick-order/spreadsheet';

/**
 * The tasks that run in worker threads (task-pool.ts, decision 032), by name. Their
 * modules are imported by the first task that needs them, so a thread that only reads workbooks
 * never loads the PDF and workbook writers. esbuild bundles this file as dist/server/worker.js.
 */

export type WorkbookResult = { text: string } | { refused: WorkbookRefusal; reason: string };

/** An uploaded workbook's first sheet as text, or why it was refused. */
export async function readWorkbook(data: Uint8Array): Promise<WorkbookResult> {
  const { UnreadableFile, workbookAsText } = await import('../modules/quick-order/spreadsheet');
  try {
    return { text: workbookAsText(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) };
  } catch (error) {
    if (error instanceof UnreadableFile) return { refused: error.refusal, reason: error.message };
    throw error;
  }
}

/** The allergen overview as a file of the format. */
export async function renderOverview({ format, doc }: { format: FoodOverviewFormat; doc: OverviewDocument }): Promise<Uint8Array> {
  if (format === 'pdf') return (await import('../modules/food-overview/overview-pdf')).overviewPdf(doc);
  const sheets = await import('../modules/food-overview/overview-sheets');
  return format === 'csv' ? sheets.overviewCsv(doc) : sheets.overviewXlsx(doc);
}

const TASKS = { readWorkbook, renderOverview } as const;

/** What piscina calls: the named task on its input. */
export default function run({ task, input }: { task: keyof typeof TASKS; input: never }): Promise<unknown> {
  return TASKS[task](input);
}
