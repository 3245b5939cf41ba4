import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CacheBudget, stringBytes } from '../cache-budget';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;
/** Larger answers are compressed off the event loop (zlib's thread pool) so other requests go on. */
const SYNC_LIMIT_BYTES = 128 * 1024;
/**
 * Brotli's fast end and gzip's: nearly the size of the higher levels for a fraction of their CPU
 * (decision 013). The built web files are compressed at the highest quality
 * once, at build time (vite.config.ts).
 */
const BROTLI_QUALITY = 1;
/**
 * An answer compressed for one request only (nothing remembers its compressed form): brotli's
 * quality 0, much less CPU than quality 1 for a few more bytes (decision 019). A remembered answer,
 * compressed once and sent again and again, keeps quality 1.
 */
const BROTLI_QUALITY_ONCE = 0;
const GZIP_LEVEL = 1;

const COMPRESSIBLE = /^(?:application\/(?:json|vnd\.api\+json|javascript|xml|problem\+json)|text\/|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The answer is a string the server sends again and again (the SPA's index.html): its
     * compressed forms are remembered by the string (V8 keeps a string's hash, so looking up the
     * same string again costs next to nothing).
     */
    compressMemo: boolean;
    /**
     * A key that names this answer's text exactly: the same key always comes with the same text
     * (a catalogue page remembered whole, keyed by its data versions). Its compressed forms are
     * remembered under the key, which is small, rather than under the text.
     */
    compressKey: string | null;
  }
}

/** The compressed forms of one remembered answer. */
type Compressed = Partial<Record<Encoding, Buffer>>;

/**
 * The encoding to answer in from an Accept-Encoding header: the one of brotli and gzip the client
 * prefers (brotli when equal, as browsers send them), or none. A coding with q=0 is refused; '*'
 * stands for the codings not named.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const q = (coding: Encoding) => quality.get(coding) ?? quality.get('*') ?? 0;
  const [br, gz] = [q('br'), q('gzip')];
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Brotli's window just large enough for the answer (2^16 to its default 2^22 bytes): a larger
 * one compresses it no smaller, but its tables cost time to set up for every answer (decision 019).
 */
const brotliWindow = (size: number) => Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1))));
const brotliOptions = (size: number, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindow(size),
  },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `once`: the compressed form is sent once and not remembered (brotli's cheapest quality). */
async function compress(body: Buffer, encoding: Encoding, once: boolean): Promise<Buffer> {
  const quality = once ? BROTLI_QUALITY_ONCE : BROTLI_QUALITY;
  if (body.length <= SYNC_LIMIT_BYTES) {
    return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length, quality)) : gzipSync(body, { level: GZIP_LEVEL });
  }
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length, quality)) : gzipAsync(body, { level: GZIP_LEVEL });
}

/**
 * The UTF-8 bytes of answers compressed on the event loop, written into one buffer that is used
 * again: a catalogue page of ~50 kB is encoded in about half the time Buffer.from takes, and
 * leaves no buffer per answer for the garbage collector. Only synchronous compression reads it.
 */
let utf8Scratch = Buffer.allocUnsafe(0);

/** A text compressed: encoded into the scratch buffer, copied out only for the thread pool. */
function compressText(text: string, encoding: Encoding, once: boolean): Promise<Buffer> {
  // A UTF-8 byte at least per UTF-16 unit: this one goes to the thread pool whole.
  if (text.length > SYNC_LIMIT_BYTES) return compress(Buffer.from(text), encoding, once);
  // At most three bytes per UTF-16 unit.
  if (utf8Scratch.length === 0) utf8Scratch = Buffer.allocUnsafe(SYNC_LIMIT_BYTES * 3);
  const bytes = utf8Scratch.subarray(0, utf8Scratch.write(text));
  // Compressed off the event loop, the bytes must stay its own while other answers are written.
  return compress(bytes.length <= SYNC_LIMIT_BYTES ? bytes : Buffer.from(bytes), encoding, once);
}

function appendVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  if (!list.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
}

/**
 * Compresses answers the server writes whole (API JSON, the SPA's index.html, HTML pages) for
 * clients that accept brotli or gzip, as browsers do: an assortment page travels at about a tenth
 * of its size. Streams (the built web files, which come compressed from the build, and images) and
 * small answers go as they are. Without an acceptable coding nothing changes.
 */
export default fp(
  async (app: FastifyInstance, { caches }: { caches: CacheBudget }) => {
    app.decorateRequest('compressMemo', false);
    app.decorateRequest('compressKey', null);
    // Keyed by a given key (NUL first: no answer's text starts so) or by the answer itself, which
    // the memo then keeps alive too: the key's bytes count.
    const memo = caches.lru<string, Compressed>(
      'compressed',
      (forms, key) => stringBytes(key) + (forms.br?.byteLength ?? 0) + (forms.gzip?.byteLength ?? 0),
      { maxEntryShare: 1 / 8 },
    );
    const remembered = async (key: string, body: string | Buffer, encoding: Encoding): Promise<Buffer> => {
      let compressed = memo.get(key)?.[encoding];
      if (compressed === undefined) {
        compressed = await (typeof body === 'string' ? compressText(body, encoding, false) : compress(body, encoding, false));
        // Set again, so that the size is counted anew with the other form.
        memo.set(key, { ...memo.get(key), [encoding]: compressed });
      }
      return compressed;
    };
    const memoKeyOf = (request: FastifyRequest, body: string | Buffer) =>
      request.compressKey !== null ? `\0${request.compressKey}` : request.compressMemo && typeof body === 'string' ? body : null;
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
      // A string's UTF-8 length is at least its length: a long one needs no encoding to tell.
      const size = typeof payload === 'string' && payload.length >= MIN_COMPRESS_BYTES ? payload.length : Buffer.byteLength(payload);
      if (size < MIN_COMPRESS_BYTES) return payload;
      // Past the size test the answer's representation depends on the request's Accept-Encoding.
      appendVary(reply);
      const header = request.headers['accept-encoding'];
      const encoding = chooseEncoding(Array.isArray(header) ? header.join(',') : header);
      if (!encoding) return payload;
      const key = memoKeyOf(request, payload);
      const compressed =
        key !== null
          ? await remembered(key, payload, encoding)
          : await (typeof payload === 'string' ? compressText(payload, encoding, true) : compress(payload, encoding, true));
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compress' },
);
