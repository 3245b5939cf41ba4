import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';

/**
 * An uploaded workbook's first sheet as the lines of a pasted list (cells joined by tabs, one line
 * per row, row numbers kept), read by exceljs (decision 020). A workbook is a zip: before exceljs
 * opens it, every entry is inflated once with a running count, so a small file that would expand
 * to gigabytes (a zip bomb) is refused after MAX_EXPANDED_BYTES, whatever sizes its headers claim.
 */

/** What the parts of an uploaded workbook may expand to together. */
export const MAX_EXPANDED_BYTES = 40 * 1024 * 1024;

export class UnreadableFile extends Error {}

/** Inflates every entry, counting; throws UnreadableFile past the limit or on a broken archive. */
function assertExpandsWithin(data: Uint8Array, limit: number): void {
  let total = 0;
  let entries = 0;
  const unzip = new Unzip((file) => {
    entries++;
    file.ondata = (error, chunk) => {
      if (error) throw new UnreadableFile(error.message);
      total += chunk.length;
      if (total > limit) throw new UnreadableFile('the workbook expands too far');
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(data, true);
  } catch (error) {
    throw error instanceof UnreadableFile ? error : new UnreadableFile(String(error));
  }
  if (entries === 0) throw new UnreadableFile('not a zip archive');
}

/** The first sheet's rows as text: row n is line n, its cells' shown text joined by tabs. */
export async function workbookAsText(data: Buffer): Promise<string> {
  assertExpandsWithin(data, MAX_EXPANDED_BYTES);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableFile(String(error));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return '';
  const lines: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(row.getCell(column).text.replace(/[\t\r\n]+/g, ' ').trim());
    while (lines.length < rowNumber - 1) lines.push('');
    lines[rowNumber - 1] = cells.join('\t');
  });
  return lines.join('\n');
}
