import { z } from 'zod';

/**
 * The CSV files the shop writes (the allergen overview, the orders board, the audit log, an import
 * run's errors): semicolons, CRLF lines and a UTF-8 BOM, which is what Excel in the Netherlands
 * opens as columns. A cell that a spreadsheet would read as a formula starts with a quote (CSV
 * injection).
 */

/** A character that makes a spreadsheet read what follows as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Where a spreadsheet may start a new cell: after a comma or semicolon inside a text. */
const AFTER_SEPARATOR = /([,;\t])(\s*)(?=[=+\-@])/g;

/**
 * A text whose every part that could start a cell starts with a quote when it would be a formula:
 * an English Excel splits this semicolon file at commas, so a formula after a comma or semicolon
 * inside a text is as dangerous as one at its start.
 */
export function inertCell(value: string): string {
  const inner = value.replace(AFTER_SEPARATOR, "$1$2'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/** A cell as text: quoted whenever a separator of either list style, a quote or a line break is in it. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = inertCell(value);
  return /[";,\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const CSV_BOM = '\ufeff';

/** One line of the file, with its line break. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string => `${cells.map(csvCell).join(';')}\r\n`;

/** A whole file: the BOM, the header and the rows. */
export function csvFile(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}

/** The Content-Disposition of a download named `name`. */
export const attachment = (name: string) => `attachment; filename="${name}"`;

const AMSTERDAM = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A moment as Amsterdam's wall clock, `YYYY-MM-DD HH:MM:SS` (a spreadsheet reads it as a date and time). */
export const amsterdamMoment = (at: Date): string => AMSTERDAM.format(at);

/** The 200 of a route that answers a CSV download, for its schema. */
export const CSV_DOWNLOAD = {
  description: 'A CSV file (semicolons, UTF-8 with BOM) as a download (Content-Disposition: attachment)',
  content: { 'text/csv': { schema: z.string() } },
};
