import { isUtf8 } from 'node:buffer';
import { pipeline, Readable } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import { badUtf8, ErpReadError, MAX_LINE_BYTES, type ReadRecord } from './erp-lines';

// The CSV reader of the ERP exchange files, on csv-parse (split from erp-reader.ts).

/** The longest CSV record we accept (its fields' characters): bounds memory when a quote is never closed. */
export const MAX_RECORD_CHARS = 4 * MAX_LINE_BYTES;

/**
 * Watches the bytes of a CSV file as they go to the parser: counts the physical lines, notes the
 * ones that are not valid UTF-8 (the parser decodes leniently), refuses a line longer than
 * MAX_LINE_BYTES, and drops a UTF-8 byte order mark at the start. Only the line being read is
 * held, and only until its end comes.
 */
class LineCheck {
  /** Complete physical lines seen. */
  lines = 0;
  private readonly bad: number[] = [];
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private start: Buffer | null = Buffer.alloc(0);

  /** The chunk to hand on (without a byte order mark), or null while the first bytes are still too few to tell. */
  take(chunk: Buffer): Buffer | null {
    if (this.start !== null) {
      const head = this.start.length > 0 ? Buffer.concat([this.start, chunk]) : chunk;
      if (head.length < 3 && head.equals(UTF8_BOM.subarray(0, head.length))) {
        this.start = head;
        return null;
      }
      this.start = null;
      chunk = head.subarray(0, 3).equals(UTF8_BOM) ? head.subarray(3) : head;
    }
    const last = chunk.lastIndexOf(0x0a);
    if (last === -1) {
      this.keep(chunk);
      return chunk;
    }
    const complete = this.tail.length > 0 ? Buffer.concat([...this.tail, chunk.subarray(0, last + 1)]) : chunk.subarray(0, last + 1);
    this.tail = [];
    this.tailBytes = 0;
    this.lines = this.checkLines(complete, this.lines);
    this.keep(chunk.subarray(last + 1));
    return chunk;
  }

  /** The rest once the input has ended. */
  end(): Buffer | null {
    const rest = this.start;
    this.start = null;
    if (rest !== null && rest.length > 0) this.keep(rest);
    if (this.tailBytes > 0) this.checkLines(Buffer.concat(this.tail), this.lines);
    return rest !== null && rest.length > 0 ? rest : null;
  }

  /** Whether a line from `first` to `last` (inclusive) is not valid UTF-8. */
  badBetween(first: number, last: number): boolean {
    return this.bad.length > 0 && this.bad.some((line) => line >= first && line <= last);
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.tail.push(bytes);
    this.tailBytes += bytes.length;
    if (this.tailBytes > MAX_LINE_BYTES) throw new ErpReadError(`Line ${this.lines + 1} is longer than ${MAX_LINE_BYTES} bytes.`);
  }

  /** Checks whole lines (each ends in \\n, the last may not); answers the line count after them. */
  private checkLines(bytes: Buffer, before: number): number {
    let lines = before;
    if (isUtf8(bytes)) {
      for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1;
      return lines;
    }
    let from = 0;
    while (from < bytes.length) {
      const at = bytes.indexOf(0x0a, from);
      const to = at === -1 ? bytes.length : at;
      if (!isUtf8(bytes.subarray(from, to))) this.bad.push(lines + 1);
      if (at === -1) break;
      lines += 1;
      from = at + 1;
    }
    return lines;
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const QUOTE = 0x22;

/** The input as Buffers through a LineCheck. */
async function* checked(input: AsyncIterable<Buffer | Uint8Array | string>, check: LineCheck): AsyncGenerator<Buffer> {
  for await (const piece of input) {
    const chunk = check.take(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.isBuffer(piece) ? piece : Buffer.from(piece));
    if (chunk !== null && chunk.length > 0) yield chunk;
  }
  const rest = check.end();
  if (rest !== null) yield rest;
}

/**
 * The separator of a CSV file, from its first line that is not blank (the header): a semicolon
 * when that line has one, else a comma when it has one, else a semicolon (a single column).
 * Answers the chunks it read (to be parsed still) and the separator.
 */
async function sniffSeparator(chunks: AsyncIterator<Buffer>): Promise<{ head: Buffer[]; separator: ';' | ',' }> {
  const head: Buffer[] = [];
  let blank = true;
  let semicolons = 0;
  let commas = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    let lineDone = false;
    for (const byte of next.value) {
      if (byte === 0x0a) {
        if (!blank) {
          lineDone = true;
          break;
        }
      } else if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) {
        blank = false;
        if (byte === 0x3b) semicolons += 1;
        else if (byte === 0x2c) commas += 1;
      }
    }
    if (lineDone) break;
  }
  return { head, separator: semicolons > 0 || commas === 0 ? ';' : ',' };
}

/**
 * Where text follows the closing quote of a quoted field in a record's raw text (1-based, lines
 * joined by \\n), or null when every quoted field ends at a separator or the end. csv-parse, told to
 * take a quote inside an unquoted field as text (`relax_quotes`), takes such text as part of the
 * field; the format calls it broken quoting.
 */
export function textAfterClosingQuote(raw: string, separator: string): number | null {
  const text = raw.replace(/\r?\n$|\r$/, '').replaceAll('\r\n', '\n');
  let i = 0;
  while (i <= text.length) {
    if (text.charCodeAt(i) === QUOTE) {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return null;
        i = quote + 1;
        if (text.charCodeAt(i) !== QUOTE) break;
        i += 1;
      }
      if (i < text.length && text[i] !== separator) return i + 1;
      i += 1;
    } else {
      const next = text.indexOf(separator, i);
      if (next === -1) return null;
      i = next + 1;
    }
  }
  return null;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * CSV, parsed by csv-parse in its streaming form: the first non-empty line is the header (column
 * names, trimmed, lower case), separated by semicolons or commas (sniffSeparator). Every later
 * record becomes an object keyed by those names; an empty field is an empty string. Records are
 * numbered by the physical line they start on; the rules csv-parse does not keep itself (text
 * after a closing quote is an error, bad UTF-8 per line, empty and blank lines skipped, a record
 * with another number of fields than the header) are checked here, per record.
 */
export async function* readCsv(input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<ReadRecord> {
  const check = new LineCheck();
  const chunks = checked(input, check)[Symbol.asyncIterator]();
  const { head, separator } = await sniffSeparator(chunks);
  const notes: ParseNotes = { tooLongAfter: null, notClosed: false };
  const parser = csvParser(separator, notes);
  pipeline(Readable.from(fedChunks(head, chunks, notes)), parser, () => {});

  const state: RecordState = { header: null, headerLine: 0, line: 1 };
  let seen = 0;
  for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
    seen += 1;
    if (notes.tooLongAfter !== null && seen > notes.tooLongAfter) break;
    yield* readRecord(state, check, separator, record, raw);
  }
  if (notes.tooLongAfter !== null) {
    parser.destroy();
    yield { line: state.line, error: { field: '(line)', message: `starts a record longer than ${MAX_RECORD_CHARS} characters (a quote not closed?); the file was read no further` } };
  } else if (notes.notClosed) {
    yield { line: state.line, error: { field: '(line)', message: 'opens a quoted field that is never closed' } };
  }
}

/** What the parser notes on the way: the two errors it skips records for. */
interface ParseNotes {
  /** Set when a record grows past MAX_RECORD_CHARS: the records csv-parse had emitted before it. */
  tooLongAfter: number | null;
  notClosed: boolean;
}

/** Where reading the records is: the header once read, and the physical line the next record starts on. */
interface RecordState {
  header: string[] | null;
  headerLine: number;
  line: number;
}

/** The file's chunks for the parser: the sniffed head, then the rest until a record is too long. */
async function* fedChunks(head: Buffer[], chunks: AsyncGenerator<Buffer>, notes: ParseNotes): AsyncGenerator<Buffer> {
  try {
    yield* head;
    for (let next = await chunks.next(); !next.done && notes.tooLongAfter === null; next = await chunks.next()) yield next.value;
  } finally {
    await chunks.return(undefined);
  }
}

/** csv-parse, set to hand every physical line on as a record, raw text with it. */
function csvParser(separator: ';' | ',', notes: ParseNotes): Parser {
  const parser: Parser = parse({
    delimiter: separator,
    record_delimiter: ['\r\n', '\n'],
    // A quote inside an unquoted field is text (Salsa "Fuego"); text after a closing quote is
    // refused below (textAfterClosingQuote), with the record's raw text.
    relax_quotes: true,
    // Fields are counted against the header here, with the header's line in the message.
    relax_column_count: true,
    raw: true,
    // LineCheck drops a UTF-8 byte order mark; csv-parse's `bom` would also switch to UTF-16 on FF FE.
    bom: false,
    // Empty lines come as a record of one empty field, so that every line is counted here.
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
    // Its two errors left with these options (a quote open at the end, a record too long) would
    // otherwise end the stream and drop the records it holds: they are noted, and reported in order.
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') notes.notClosed = true;
      else if (error?.code === 'CSV_MAX_RECORD_SIZE') notes.tooLongAfter ??= parser.info.records;
      return undefined;
    },
  });
  return parser;
}

/** One parsed record: skipped when blank, a problem, the header, or a row keyed by the header. */
function* readRecord(state: RecordState, check: LineCheck, separator: ';' | ',', record: string[], raw: string): Generator<ReadRecord> {
  const start = state.line;
  let newlines = 0;
  for (const field of record) if (field.includes('\n')) newlines += countNewlines(field);
  state.line += newlines + 1;
  if (record.length === 1 && record[0]!.trim() === '') return;
  if (check.badBetween(start, start + newlines)) {
    yield badUtf8(start);
    return;
  }
  if (record.some((field) => field.charCodeAt(0) === QUOTE)) {
    const at = textAfterClosingQuote(raw, separator);
    if (at !== null) {
      yield { line: start, error: { field: '(line)', message: `has text after a closing quote at position ${at}` } };
      return;
    }
  }
  const fields = newlines > 0 ? record.map((field) => (field.includes('\r\n') ? field.replaceAll('\r\n', '\n') : field)) : record;
  if (state.header === null) {
    state.header = fields.map((name) => name.trim().toLowerCase());
    state.headerLine = start;
    yield* headerProblems(state.header, start);
    return;
  }
  const { header } = state;
  if (fields.length !== header.length) {
    yield { line: start, error: { field: '(line)', message: `has ${fields.length} fields where the header (line ${state.headerLine}) has ${header.length}` } };
    return;
  }
  const named: Record<string, unknown> = {};
  for (let i = 0; i < header.length; i++) named[header[i]!] = fields[i];
  yield { line: start, fields: named };
}

/** A header's empty and repeated column names. */
function* headerProblems(header: string[], line: number): Generator<ReadRecord> {
  const names = new Set<string>();
  for (const name of header) {
    if (name === '') yield { line, error: { field: '(header)', message: 'has an empty column name' } };
    else if (names.has(name)) yield { line, error: { field: '(header)', message: `names column "${name}" twice` } };
    names.add(name);
  }
}
