import type { QuickOrderLine, QuickOrderRow } from '../../../../shared/api/quick-order';
import { MAX_ARTICLE_LENGTH, MAX_LINE_QUANTITY } from '../api/contracts';

/** One row the customer types: an article and a quantity as typed, and why it was left out, if it was. */
export interface EntryRow {
  key: number;
  article: string;
  quantity: string;
  /** The server's message for a line an add left out ("Line 4: unknown article"). */
  note: string | null;
}

let nextKey = 1;

export function newRow(article = '', quantity = '', note: string | null = null): EntryRow {
  return { key: nextKey++, article, quantity, note };
}

/** A typed quantity: null when empty (the server says 'no quantity'), a number, or 'invalid'. */
export function readQuantity(typed: string): number | null | 'invalid' {
  const text = typed.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return 'invalid';
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : 'invalid';
}

export type RowsRequest = { rows: QuickOrderRow[]; invalid: [] } | { rows: null; invalid: number[] };

/**
 * The typed rows as the body of a preview: rows without an article are skipped; `line` is the row's
 * number on the page, so the server's messages name the row the customer sees. Rows with a
 * quantity that is no whole number from 1 up are returned as `invalid` (1-based) and nothing is sent.
 */
export function rowsRequest(rows: readonly EntryRow[]): RowsRequest {
  const invalid: number[] = [];
  const request: QuickOrderRow[] = [];
  rows.forEach((row, index) => {
    const article = row.article.trim();
    if (!article) return;
    const quantity = readQuantity(row.quantity);
    if (quantity === 'invalid' || article.length > MAX_ARTICLE_LENGTH) invalid.push(index + 1);
    else request.push({ line: index + 1, article, quantity });
  });
  return invalid.length > 0 ? { rows: null, invalid } : { rows: request, invalid: [] };
}

/** A line the API can take back as a row: an article it could read, of an acceptable length. */
function sendable(line: QuickOrderLine): boolean {
  const article = line.article.trim();
  return line.status !== 'unreadable' && article.length > 0 && article.length <= MAX_ARTICLE_LENGTH;
}

/**
 * The rows of a preview's lines (from typed rows, a pasted list or a file), to preview again or to
 * add: each line keeps its first input line number, so messages still name the customer's line;
 * merged lines go as one row with their summed quantity. `quantities` overrides a line's quantity
 * (by its index), e.g. 'use minimum 6'. Lines the API could not read come back as `unsent`.
 */
export function rowsFromPreview(
  lines: readonly QuickOrderLine[],
  quantities: ReadonlyMap<number, number> = new Map(),
): { rows: QuickOrderRow[]; unsent: QuickOrderLine[] } {
  const rows: QuickOrderRow[] = [];
  const unsent: QuickOrderLine[] = [];
  lines.forEach((line, index) => {
    if (!sendable(line)) {
      unsent.push(line);
      return;
    }
    rows.push({ line: line.lines[0] ?? index + 1, article: line.article.trim(), quantity: quantities.get(index) ?? line.quantity });
  });
  return { rows, unsent };
}

/** Lines an add left out, as rows to correct, each with the server's reason. */
export function rowsToCorrect(lines: readonly QuickOrderLine[], noteText: (line: QuickOrderLine) => string): EntryRow[] {
  return lines.map((line) => newRow(line.article, line.quantity === null ? '' : String(line.quantity), noteText(line)));
}

/** Rows with something typed in them. */
export function filledRows(rows: readonly EntryRow[]): EntryRow[] {
  return rows.filter((row) => row.article.trim() !== '' || row.quantity.trim() !== '');
}
