import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Workbooks for the tests of issue 39, made in the test (no binaries in the repository): a sound
 * one, one with rows reaching column XFD, a classic zip bomb and a bomb hidden inside another
 * entry's data. The zip is written here byte by byte, so a test can make it lie.
 */

interface RawEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Buffer;
  crc: number;
  size: number;
}

const entryOf = (name: string, content: string | Buffer): RawEntry => {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, method: 8, data: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
};

function localHeader(entry: RawEntry): Buffer {
  const name = Buffer.from(entry.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.data.length, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, entry.data]);
}

function centralHeader(entry: RawEntry, offset: number): Buffer {
  const name = Buffer.from(entry.name);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.data.length, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

/**
 * A zip of `body` (local entries as they come) and a central directory listing `listed`, each
 * at the offset given (by default where its local header was written).
 */
function zipOf(body: Array<RawEntry | Buffer>, listed: Array<{ entry: RawEntry; offset?: number }>): Buffer {
  const parts: Buffer[] = [];
  const offsets = new Map<RawEntry, number>();
  let at = 0;
  for (const part of body) {
    const bytes = Buffer.isBuffer(part) ? part : localHeader(part);
    if (!Buffer.isBuffer(part)) offsets.set(part, at);
    parts.push(bytes);
    at += bytes.length;
  }
  const directory = Buffer.concat(listed.map(({ entry, offset }) => centralHeader(entry, offset ?? offsets.get(entry)!)));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed.length, 8);
  end.writeUInt16LE(listed.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...parts, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const frame = (sheet: RawEntry) => [
  entryOf('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  entryOf('xl/workbook.xml', `<?xml version="1.0"?><workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Bestelling" sheetId="1" r:id="rId1"/></sheets></workbook>`),
  entryOf('xl/_rels/workbook.xml.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
  sheet,
];

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const sheetXml = (rows: string) => `<?xml version="1.0"?><worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;

/** A sound workbook: an article and a quantity in columns A and B of each row. */
export function orderWorkbook(lines: Array<[string, number]>): Buffer {
  const rows = lines.map(([article, quantity], i) => `<row r="${i + 1}">${inline(`A${i + 1}`, article)}<c r="B${i + 1}"><v>${quantity}</v></c></row>`).join('');
  const entries = frame(entryOf('xl/worksheets/sheet1.xml', sheetXml(rows)));
  return zipOf(entries, entries.map((entry) => ({ entry })));
}

/** Issue 39's 3.6 kB file: 400 rows with one cell each, in the last column there is (XFD). */
export function wideRowsWorkbook(article: string): Buffer {
  const rows = Array.from({ length: 400 }, (_, i) => `<row r="${i + 1}">${inline(`XFD${i + 1}`, `${article} 1`)}</row>`).join('');
  const entries = frame(entryOf('xl/worksheets/sheet1.xml', sheetXml(rows)));
  return zipOf(entries, entries.map((entry) => ({ entry })));
}

const BOMB_BYTES = 256 * 1024 * 1024;
let bombSheet: Promise<RawEntry> | undefined;

/** A sheet that inflates to 256 MB: one order line, then blanks; deflated once per test process. */
function hugeSheet(article: string): Promise<RawEntry> {
  return (bombSheet ??= (async () => {
    const deflate = createDeflateRaw({ level: 9, strategy: constants.Z_RLE, chunkSize: 1 << 16 });
    const out: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => deflate.on('end', resolve));
    const head = Buffer.from(`<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1">${inline('A1', article)}<c r="B1"><v>1</v></c></row>`);
    const tail = Buffer.from('</sheetData></worksheet>');
    const blank = Buffer.alloc(1 << 20, 0x20);
    let crc = crc32(head);
    deflate.write(head);
    const blanks = BOMB_BYTES - head.length - tail.length;
    for (let left = blanks; left > 0; left -= blank.length) {
      const piece = left >= blank.length ? blank : blank.subarray(0, left);
      deflate.write(piece);
      crc = crc32(piece, crc);
    }
    deflate.end(tail);
    crc = crc32(tail, crc);
    await ended;
    return { name: 'xl/worksheets/sheet1.xml', method: 8, data: Buffer.concat(out), crc, size: BOMB_BYTES };
  })());
}

/** A classic bomb: a well-formed workbook whose sheet inflates to 256 MB; `lie` lets the directory say 1 kB. */
export async function classicBomb(article: string, lie = false): Promise<Buffer> {
  const sheet = { ...(await hugeSheet(article)) };
  if (lie) sheet.size = 1024;
  const entries = frame(sheet);
  return zipOf(entries, entries.map((entry) => ({ entry })));
}

/**
 * The hidden-entry bomb: a stored entry whose data holds the huge sheet's local header and data;
 * a small decoy sheet follows. Read by local headers the archive holds the stored entry and the
 * decoy; its central directory points sheet1.xml at the one hidden inside the stored entry.
 */
export async function hiddenEntryBomb(article: string): Promise<Buffer> {
  const [types, workbook, relations] = frame(entryOf('unused', ''));
  const hidden = await hugeSheet(article);
  const prefix = [types!, workbook!, relations!].reduce((sum, entry) => sum + localHeader(entry).length, 0);
  const hiddenBytes = localHeader(hidden);
  const padding: RawEntry = { name: 'xl/media/image1.bin', method: 0, data: hiddenBytes, crc: crc32(hiddenBytes), size: hiddenBytes.length };
  const hiddenAt = prefix + 30 + Buffer.byteLength(padding.name);
  const decoy = entryOf('xl/worksheets/sheet1.xml', sheetXml(''));
  return zipOf([types!, workbook!, relations!, padding, decoy], [{ entry: types! }, { entry: workbook! }, { entry: relations! }, { entry: padding }, { entry: hidden, offset: hiddenAt }]);
}
