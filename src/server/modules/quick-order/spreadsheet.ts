import { MAX_QUICK_ORDER_LINES } from '../../../shared/api/quick-order';
import { firstSheetPath, sharedStrings, SheetTooLarge, SheetUnreadable, sheetLines } from './sheet-xml';
import { openZip, ZipError } from './zip-reader';

/**
 * An uploaded workbook's first sheet as the lines of a pasted list (cells joined by tabs, one line
 * per row, row numbers kept), within fixed bounds (decision 032). The archive is checked whole
 * first (zip-reader.ts); then exactly four of its parts are inflated, each up to its own limit,
 * and read as a stream of tags: the workbook, its relations, the shared strings and the first
 * sheet. Nothing else in the archive is inflated. Runs in a worker thread (workers/), which adds
 * the heap and time limits.
 */

/** The rows and columns quick order reads: its line limit plus a header, article, quantity and some text. */
export const SHEET_BOUNDS = { rows: MAX_QUICK_ORDER_LINES + 1, columns: 10, cellChars: 1_000 } as const;
/** The most any one part we read may inflate to; a sheet within SHEET_BOUNDS needs far less. */
export const MAX_PART_BYTES = 4 * 1024 * 1024;
const MAX_ENTRIES = 500;

/** Why a workbook was not read: broken or not a workbook, or past the bounds. */
export type WorkbookRefusal = 'unreadable' | 'too_large';

export class UnreadableFile extends Error {
  constructor(
    message: string,
    readonly refusal: WorkbookRefusal = 'unreadable',
  ) {
    super(message);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The first sheet's rows as text: row n is line n, its cells' shown text joined by tabs. */
export function workbookAsText(data: Buffer): string {
  try {
    const zip = openZip(data, { maxEntries: MAX_ENTRIES });
    const part = (name: string) => decoder.decode(zip.read(name, MAX_PART_BYTES));
    const sheet = firstSheetPath(part('xl/workbook.xml'), part('xl/_rels/workbook.xml.rels'));
    if (sheet === null) return '';
    const strings = zip.names.has('xl/sharedStrings.xml') ? sharedStrings(part('xl/sharedStrings.xml'), SHEET_BOUNDS.cellChars) : [];
    return sheetLines(part(sheet), strings, SHEET_BOUNDS).join('\n');
  } catch (error) {
    if (error instanceof SheetTooLarge) throw new UnreadableFile(error.message, 'too_large');
    if (error instanceof ZipError || error instanceof SheetUnreadable || error instanceof TypeError) throw new UnreadableFile(error.message);
    throw error;
  }
}
