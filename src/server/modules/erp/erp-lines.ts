/**
 * What the streaming readers of the ERP exchange files share (erp-reader.ts: JSON Lines;
 * erp-csv-reader.ts: CSV). The readers (docs/erp-exchange.md): JSON Lines and CSV
 * (separated by semicolons or commas, UTF-8, a header row, fields in double quotes with doubled
 * quotes inside, quoted fields may hold separators and line breaks; parsed by csv-parse). Both read
 * the input chunk by chunk and yield one record at a time, so memory does not grow with the file.
 */

export type ErpFormat = 'jsonl' | 'csv';

/** One record of a file: its fields, or why it could not be read. `line` is where it starts (1-based). */
export type ReadRecord =
  | { line: number; fields: Record<string, unknown>; error?: undefined }
  | { line: number; fields?: undefined; error: { field: string; message: string } };

/** A physical line as bytes, with its 1-based number. */
interface RawLine {
  number: number;
  bytes: Buffer;
}

/** The longest physical line we accept: a line longer than this is almost surely not an exchange file. */
export const MAX_LINE_BYTES = 1024 * 1024;

export class ErpReadError extends Error {}

/** Splits a byte stream at \n (a \r before it is dropped), without decoding: bad UTF-8 is found per line. */
export async function* physicalLines(input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<RawLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  const emit = (bytes: Buffer): RawLine => {
    number += 1;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    return { number, bytes: bytes.subarray(0, end) };
  };
  for await (const piece of input) {
    let chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      const head = chunk.subarray(0, at);
      const whole = pending.length > 0 ? Buffer.concat([...pending, head]) : head;
      pending = [];
      pendingBytes = 0;
      yield emit(whole);
      chunk = chunk.subarray(at + 1);
      at = chunk.indexOf(0x0a);
    }
    if (chunk.length > 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_LINE_BYTES) throw new ErpReadError(`Line ${number + 1} is longer than ${MAX_LINE_BYTES} bytes.`);
    }
  }
  if (pendingBytes > 0) yield emit(Buffer.concat(pending));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** The line as text; `ok` false when it is not valid UTF-8 (the text then has U+FFFD in place of the bad bytes). */
export function decode(bytes: Buffer): { text: string; ok: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), ok: true };
  } catch {
    return { text: lenientUtf8.decode(bytes), ok: false };
  }
}

export const BOM = '\ufeff';
export const badUtf8 = (line: number): ReadRecord => ({ line, error: { field: '(line)', message: 'is not valid UTF-8' } });
