import { readCsv } from './erp-csv-reader';
import { badUtf8, BOM, decode, type ErpFormat, physicalLines, type ReadRecord } from './erp-lines';

export { MAX_RECORD_CHARS, readCsv, textAfterClosingQuote } from './erp-csv-reader';
export { type ErpFormat, ErpReadError, MAX_LINE_BYTES, type ReadRecord } from './erp-lines';

/** JSON Lines: one JSON object per line; empty lines are skipped. */
export async function* readJsonLines(input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<ReadRecord> {
  for await (const raw of physicalLines(input)) {
    const { text: decoded, ok } = decode(raw.bytes);
    const text = raw.number === 1 && decoded.startsWith(BOM) ? decoded.slice(1) : decoded;
    if (text.trim() === '') continue;
    if (!ok) {
      yield badUtf8(raw.number);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield { line: raw.number, error: { field: '(line)', message: `is not valid JSON (${error instanceof Error ? error.message : 'parse error'})` } };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield { line: raw.number, error: { field: '(line)', message: 'is not a JSON object' } };
      continue;
    }
    yield { line: raw.number, fields: value as Record<string, unknown> };
  }
}
export function readRecords(format: ErpFormat, input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<ReadRecord> {
  return format === 'csv' ? readCsv(input) : readJsonLines(input);
}

/** The format a content type or file name stands for, or null. */
export function formatOf(nameOrType: string): ErpFormat | null {
  const value = nameOrType.toLowerCase().split(';')[0]!.trim();
  if (value === 'text/csv' || value.endsWith('.csv')) return 'csv';
  if (['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines'].includes(value) || /\.(jsonl|ndjson)$/.test(value)) return 'jsonl';
  return null;
}
