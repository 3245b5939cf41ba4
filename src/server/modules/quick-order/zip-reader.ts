import { crc32, inflateRawSync } from 'node:zlib';

/**
 * A zip archive read the way a careful reader must (decision 032): the central directory is the
 * list of entries, and the archive is refused unless every byte before it belongs to exactly one
 * listed entry (its local header where the directory says, its data, at most a data descriptor).
 * So no entry hides inside another's data and no local header is read that the directory does not
 * list. An entry is inflated only when asked for, by node's zlib in small pieces that stop at the
 * entry's own limit, and must come out at the size and checksum the directory gives.
 */

export class ZipError extends Error {}

export interface ZipLimits {
  /** More entries than this is not a workbook we read. */
  maxEntries: number;
}

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the local header starts, and where the entry's own bytes end (data descriptor included). */
  start: number;
  dataStart: number;
  dataEnd: number;
  hasDescriptor: boolean;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;

function endOfDirectory(data: Buffer): number {
  // The record is 22 bytes and may carry a comment of up to 65,535 bytes after it.
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === EOCD && at + 22 + data.readUInt16LE(at + 20) === data.length) return at;
  }
  throw new ZipError('not a zip archive');
}

/** The central directory's entries, each checked against its local header. */
function directoryOf(data: Buffer, limits: ZipLimits): Entry[] {
  const eocd = endOfDirectory(data);
  const [disk, cdDisk, onDisk, count, cdSize, cdOffset] = [
    data.readUInt16LE(eocd + 4),
    data.readUInt16LE(eocd + 6),
    data.readUInt16LE(eocd + 8),
    data.readUInt16LE(eocd + 10),
    data.readUInt32LE(eocd + 12),
    data.readUInt32LE(eocd + 16),
  ];
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw new ZipError('a zip archive in parts');
  if (count > limits.maxEntries) throw new ZipError('too many entries');
  // Nothing between the directory and its end record: a zip64 record would sit there.
  if (cdOffset + cdSize !== eocd) throw new ZipError('the central directory is not where the end record says');
  const entries: Entry[] = [];
  const names = new Set<string>();
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || data.readUInt32LE(at) !== CENTRAL) throw new ZipError('a broken central directory');
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (next > eocd) throw new ZipError('a broken central directory');
    const nameBytes = data.subarray(at + 46, at + 46 + nameLength);
    const entry = {
      name: nameBytes.toString('utf8'),
      method,
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      start: data.readUInt32LE(at + 42),
      hasDescriptor: (flags & 0x8) !== 0,
    };
    if (flags & 0x1) throw new ZipError('an encrypted entry');
    if (method !== STORED && method !== DEFLATED) throw new ZipError('an entry packed in a way a workbook never is');
    if (names.has(entry.name)) throw new ZipError('an entry named twice');
    names.add(entry.name);
    entries.push({ ...entry, ...localSpan(data, entry, nameBytes, cdOffset) });
    at = next;
  }
  if (at !== eocd) throw new ZipError('the central directory holds more than its entries');
  assertTiled(data, entries, cdOffset);
  return entries;
}

/** Where the entry's data is, from its local header, which must agree with the directory. */
function localSpan(data: Buffer, entry: Omit<Entry, 'dataStart' | 'dataEnd'>, nameBytes: Buffer, cdOffset: number) {
  const { start } = entry;
  if (start + 30 > cdOffset || data.readUInt32LE(start) !== LOCAL) throw new ZipError('an entry whose local header is not where the directory says');
  const nameLength = data.readUInt16LE(start + 26);
  const dataStart = start + 30 + nameLength + data.readUInt16LE(start + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > cdOffset) throw new ZipError('an entry that runs into the central directory');
  if (data.readUInt16LE(start + 8) !== entry.method || !data.subarray(start + 30, start + 30 + nameLength).equals(nameBytes)) {
    throw new ZipError('a local header that disagrees with the directory');
  }
  if (!entry.hasDescriptor && (data.readUInt32LE(start + 14) !== entry.crc || data.readUInt32LE(start + 18) !== entry.compressedSize || data.readUInt32LE(start + 22) !== entry.size)) {
    throw new ZipError('a local header that disagrees with the directory');
  }
  return { dataStart, dataEnd };
}

/**
 * Every byte before the directory belongs to one entry: the first starts at 0, each starts where
 * the one before ends (after its data descriptor, if it has one), the last ends at the directory.
 * Overlapping entries and bytes the directory does not list are refused alike.
 */
function assertTiled(data: Buffer, entries: Entry[], cdOffset: number): void {
  const inOrder = [...entries].sort((a, b) => a.start - b.start);
  let end = 0;
  for (const entry of inOrder) {
    if (entry.start !== end) throw new ZipError(entry.start < end ? 'overlapping entries' : 'bytes that no entry of the directory holds');
    end = entry.dataEnd;
    if (entry.hasDescriptor) {
      // 12 bytes (crc, sizes), or 16 with the optional signature.
      end += end + 4 <= cdOffset && data.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
    }
  }
  if (end !== cdOffset) throw new ZipError('bytes that no entry of the directory holds');
}

export interface ZipArchive {
  names: ReadonlySet<string>;
  /** The entry's bytes, inflated; refused when it is, or would inflate to, more than `maxBytes`. */
  read(name: string, maxBytes: number): Buffer;
}

export function openZip(data: Buffer, limits: ZipLimits): ZipArchive {
  if (data.length < 22) throw new ZipError('not a zip archive');
  const entries = new Map(directoryOf(data, limits).map((entry) => [entry.name, entry]));
  return {
    names: new Set(entries.keys()),
    read(name, maxBytes) {
      const entry = entries.get(name);
      if (!entry) throw new ZipError(`no ${name} in the archive`);
      if (entry.size > maxBytes) throw new ZipError(`${name} is larger than we read`);
      const raw = data.subarray(entry.dataStart, entry.dataEnd);
      let bytes: Buffer;
      try {
        // maxOutputLength stops zlib as soon as it has made more than the directory's size.
        bytes = entry.method === STORED ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
      } catch (error) {
        throw new ZipError(`${name} does not inflate to its size (${(error as Error).message})`);
      }
      if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw new ZipError(`${name} is not what the directory says`);
      return bytes;
    },
  };
}
