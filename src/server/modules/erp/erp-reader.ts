/**
 * Streaming readers of the ERP exchange files (docs/erp-exchange.md): JSON Lines and CSV
 * (semicolon-separated, UTF-8, a header row, fields in double quotes with doubled quotes inside,
 * quoted fields may hold semicolons and line breaks). Both read the input chunk by chunk and
 * yield one record at a time, so memory does not grow with the file.
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
async function* physicalLines(input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<RawLine> {
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
function decode(bytes: Buffer): { text: string; ok: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), ok: true };
  } catch {
    return { text: lenientUtf8.decode(bytes), ok: false };
  }
}

const BOM = '\ufeff';
const badUtf8 = (line: number): ReadRecord => ({ line, error: { field: '(line)', message: 'is not valid UTF-8' } });

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

/**
 * Splits one CSV record that may continue over several physical lines. Returns the fields, or
 * null while a quoted field is still open at the end of `text` (then the caller appends the
 * next line and asks again), or a string describing a quoting error.
 */
export function splitCsvRecord(text: string): string[] | null | { error: string } {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        // After a closing quote only a separator or the end may follow.
        if (i < text.length && text[i] !== ';') return { error: `has text after a closing quote at position ${i + 1}` };
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === ';') {
      fields.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
      continue;
    }
    if (c === '"' && !fieldStarted && field === '') {
      quoted = true;
      fieldStarted = true;
      i += 1;
      continue;
    }
    // A quote inside an unquoted field (Salsa "Fuego") is taken as it stands, as spreadsheets do.
    field += c;
    fieldStarted = true;
    i += 1;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** Most lines a quoted field may span before we call the quoting broken. */
export const MAX_RECORD_LINES = 200;

/**
 * CSV: the first non-empty line is the header (column names, trimmed, lower case). Every later
 * record becomes an object keyed by those names; an empty field is an empty string.
 */
export async function* readCsv(input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<ReadRecord> {
  let header: string[] | null = null;
  let headerLine = 0;
  let buffered: string | null = null;
  let startLine = 0;
  let bufferedLines = 0;
  let bufferedOk = true;
  const finish = function* (fields: string[] | { error: string }, line: number, ok: boolean): Generator<ReadRecord> {
    if (!ok) {
      yield badUtf8(line);
      return;
    }
    if (!Array.isArray(fields)) {
      yield { line, error: { field: '(line)', message: fields.error } };
      return;
    }
    if (header === null) {
      header = fields.map((name) => name.trim().toLowerCase());
      headerLine = line;
      const seen = new Set<string>();
      for (const name of header) {
        if (name === '') yield { line, error: { field: '(header)', message: 'has an empty column name' } };
        else if (seen.has(name)) yield { line, error: { field: '(header)', message: `names column "${name}" twice` } };
        seen.add(name);
      }
      return;
    }
    if (fields.length !== header.length) {
      yield { line, error: { field: '(line)', message: `has ${fields.length} fields where the header (line ${headerLine}) has ${header.length}` } };
      return;
    }
    const record: Record<string, unknown> = {};
    header.forEach((name, index) => {
      record[name] = fields[index];
    });
    yield { line, fields: record };
  };

  for await (const raw of physicalLines(input)) {
    const { text: decoded, ok } = decode(raw.bytes);
    const text = raw.number === 1 && decoded.startsWith(BOM) ? decoded.slice(1) : decoded;
    if (buffered === null) {
      if (text.trim() === '') continue;
      buffered = text;
      startLine = raw.number;
      bufferedLines = 1;
      bufferedOk = ok;
    } else {
      buffered += `\n${text}`;
      bufferedLines += 1;
      bufferedOk &&= ok;
    }
    const fields = splitCsvRecord(buffered);
    if (fields === null) {
      if (bufferedLines >= MAX_RECORD_LINES) {
        yield { line: startLine, error: { field: '(line)', message: `opens a quoted field that is not closed within ${MAX_RECORD_LINES} lines` } };
        buffered = null;
      }
      continue;
    }
    yield* finish(fields, startLine, bufferedOk);
    buffered = null;
  }
  if (buffered !== null) yield { line: startLine, error: { field: '(line)', message: 'opens a quoted field that is never closed' } };
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
