import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/**
 * Tar archives through tar-stream (ustar, pax and GNU long names, as GNU tar and bsdtar write
 * them): one entry at a time with its data as a stream of chunks, so memory holds one chunk, never
 * a whole file. Compressed archives are not read. What the images import must not take (links,
 * devices, deeper folders, files over its limit) is decided by the caller from `type`, `name` and
 * `size`; problems of the archive itself are `TarError`s with a sentence for the report.
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

/** tar-stream's own messages, as sentences for the report. */
function tarError(error: unknown, inBody: boolean): unknown {
  if (error instanceof TarError || !(error instanceof Error)) return error;
  if (/unexpected end/i.test(error.message)) return new TarError(inBody ? 'The archive ends in the middle of a file.' : 'The archive ends in the middle of a block.');
  if (/invalid tar header|checksum|unknown format/i.test(error.message)) return new TarError('The archive has a header that is not tar; is it an uncompressed tar archive?');
  return new TarError(`The archive cannot be read (${error.message}).`);
}

function typeOf(type: tar.Header['type']): TarEntry['type'] {
  if (type === 'file' || type === 'contiguous-file') return 'file';
  return type === 'directory' ? 'directory' : 'other';
}

/** The entry's chunks. Stopping early does not destroy the entry, so the rest can be skipped. */
async function* bodyOf(entry: AsyncIterable<unknown>, state: { inBody: boolean }): AsyncGenerator<Buffer> {
  const chunks = entry[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      // tar-stream hands out Buffers (b4a); its types say only unknown.
      if (!Buffer.isBuffer(next.value)) throw new TarError('The archive gave data that is not bytes.');
      yield next.value;
    }
  } catch (error) {
    throw tarError(error, state.inBody);
  }
}

/**
 * Entries one archive may hold (files and folders): far more than a catalogue's images, and a
 * bound on the temporary files and report lines an archive of tiny entries could make.
 */
export const MAX_TAR_ENTRIES = 10_000;

export async function* readTar(input: AsyncIterable<Buffer | Uint8Array | string>, maxEntries = MAX_TAR_ENTRIES): AsyncGenerator<TarEntry> {
  const extract = tar.extract();
  // The input is piped in the background; its errors reach the loop below through `extract`.
  const feeding = pipeline(Readable.from(input, { objectMode: false }), extract).catch(() => undefined);
  const state = { inBody: false };
  let entries = 0;
  try {
    for await (const entry of extract) {
      if (++entries > maxEntries) throw new TarError(`The archive holds more than ${maxEntries} entries; send the images in several archives.`);
      const size = entry.header.size ?? 0;
      const type = typeOf(entry.header.type);
      state.inBody = size > 0;
      yield { name: entry.header.name, type, size: type === 'file' ? size : 0, body: bodyOf(entry, state) };
      entry.resume();
      state.inBody = false;
    }
  } catch (error) {
    throw tarError(error, state.inBody);
  } finally {
    extract.destroy();
    await feeding;
  }
  if (entries === 0) throw new TarError('The archive is empty.');
}
