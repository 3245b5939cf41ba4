/**
 * A small streaming reader of tar archives (POSIX ustar, with the pax and GNU long-name
 * extensions that GNU tar and bsdtar write): yields one entry at a time with its data as a stream
 * of chunks, so memory holds one chunk, never a whole file. Compressed archives are not read.
 */

export interface TarEntry {
  /** The path in the archive, as written (pax or GNU long names applied). */
  name: string;
  /** 'file', 'directory', or 'other' (links, devices, fifos). */
  type: 'file' | 'directory' | 'other';
  size: number;
  /** The entry's data; read it or not, the reader skips what is left before the next entry. */
  body: AsyncGenerator<Buffer>;
}

export class TarError extends Error {}

const BLOCK = 512;

/** Pulls exact byte counts out of a stream of chunks, holding at most one chunk beyond them. */
class ByteQueue {
  #chunks: Buffer[] = [];
  #length = 0;
  #done = false;
  readonly #source: AsyncIterator<Buffer | Uint8Array | string>;

  constructor(input: AsyncIterable<Buffer | Uint8Array | string>) {
    this.#source = input[Symbol.asyncIterator]();
  }

  async #fill(wanted: number): Promise<void> {
    while (this.#length < wanted && !this.#done) {
      const next = await this.#source.next();
      if (next.done) {
        this.#done = true;
        break;
      }
      const value = next.value;
      const chunk = typeof value === 'string' ? Buffer.from(value) : Buffer.isBuffer(value) ? value : Buffer.from(value);
      if (chunk.length === 0) continue;
      this.#chunks.push(chunk);
      this.#length += chunk.length;
    }
  }

  #take(n: number): Buffer {
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const head = this.#chunks[0]!;
      if (head.length <= left) {
        parts.push(head);
        this.#chunks.shift();
        left -= head.length;
      } else {
        parts.push(head.subarray(0, left));
        this.#chunks[0] = head.subarray(left);
        left = 0;
      }
    }
    this.#length -= n;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Exactly n bytes (n small: a header block), or null when the stream ends first with none; a partial block is an error. */
  async exact(n: number): Promise<Buffer | null> {
    await this.#fill(n);
    if (this.#length === 0) return null;
    if (this.#length < n) throw new TarError('The archive ends in the middle of a block.');
    return this.#take(n);
  }

  /** Up to n bytes (at least one): what the next chunk holds. */
  async piece(n: number): Promise<Buffer> {
    await this.#fill(1);
    if (this.#length === 0) throw new TarError('The archive ends in the middle of a file.');
    return this.#take(Math.min(n, this.#chunks[0]!.length));
  }

  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) left -= (await this.piece(left)).length;
  }
}

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
};

/** Octal (optionally space or NUL terminated), or GNU base-256 for large values. */
function number(block: Buffer, start: number, length: number): number {
  const field = block.subarray(start, start + length);
  if (field[0]! & 0x80) {
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!;
    return value;
  }
  const digits = text(block, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits)) throw new TarError('The archive has a header that is not tar; is it an uncompressed tar archive?');
  return parseInt(digits, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum === number(block, 148, 8);
}

/** pax records: "<length> <key>=<value>\n" each. */
function paxRecords(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0 || at + length > data.length) throw new TarError('The archive has a bad pax header.');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

/** Metadata entries (pax, GNU long names) are small; one larger than this is not metadata. */
const MAX_META = 1024 * 1024;

async function readAll(queue: ByteQueue, size: number): Promise<Buffer> {
  if (size > MAX_META) throw new TarError('The archive has an oversized pax or long-name header.');
  const parts: Buffer[] = [];
  let left = size;
  while (left > 0) {
    const piece = await queue.piece(left);
    parts.push(piece);
    left -= piece.length;
  }
  return Buffer.concat(parts);
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export async function* readTar(input: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<TarEntry> {
  const queue = new ByteQueue(input);
  let pax: Record<string, string> = {};
  let longName: string | null = null;
  let sawEntry = false;
  for (;;) {
    const block = await queue.exact(BLOCK);
    if (block === null) {
      if (!sawEntry) throw new TarError('The archive is empty.');
      return; // Ended without the two zero blocks: taken as the end.
    }
    if (block.every((byte) => byte === 0)) return;
    if (!checksumOk(block)) throw new TarError('The archive has a header with a wrong checksum; is it an uncompressed tar archive?');
    sawEntry = true;
    const flag = String.fromCharCode(block[156]!);
    let size = number(block, 124, 12);
    if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
      const data = await readAll(queue, size);
      await queue.skip(padding(size));
      if (flag === 'x') pax = paxRecords(data);
      else if (flag === 'L') longName = text(data, 0, data.length);
      continue;
    }
    const ustar = block.subarray(257, 263).toString('latin1') === 'ustar\u0000';
    const prefix = ustar ? text(block, 345, 155) : '';
    let name = longName ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    if (pax.path !== undefined) name = pax.path;
    if (pax.size !== undefined) size = Number(pax.size);
    pax = {};
    longName = null;
    const type = flag === '0' || flag === '\u0000' || flag === '7' ? 'file' : flag === '5' ? 'directory' : 'other';
    const dataSize = type === 'file' ? size : flag === '1' || flag === '2' ? 0 : size;
    // The caller may read all of the body, some or none: what is left is skipped after it.
    const state = { left: dataSize };
    const body = (async function* () {
      while (state.left > 0) {
        const piece = await queue.piece(state.left);
        state.left -= piece.length;
        yield piece;
      }
    })();
    yield { name, type, size: dataSize, body };
    await queue.skip(state.left);
    await queue.skip(padding(dataSize));
  }
}
