import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

const SYNC_LIMIT_BYTES = 128 * 1024;

const COMPRESSIBLE = /^(?:application\/(?:json|vnd\.api\+json|javascript|xml|problem\+json)|text\/|image\/svg\+xml)/i;

/** Whether a payload has at least that many bytes (a string has at least as many as characters). */
const atLeast = (payload: string | Buffer, bytes: number) => payload.length >= bytes || Buffer.byteLength(payload) >= bytes;

/**
 * Compresses the answers of the routes for clients that accept brotli or gzip, as browsers do
 * (@fastify/compress, decision 019): an assortment page travels at about a tenth of its size.
 * Brotli's and gzip's fastest levels: nearly the size of the higher ones for a fraction of their
 * CPU. The built web files come compressed from the build (@fastify/static's `preCompressed`).
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: MIN_COMPRESS_BYTES,
      // Pages up to this size (the web's page sizes and more) are compressed in one call, with
      // their Content-Length; larger ones stream through zlib's thread pool.
      syncThreshold: SYNC_LIMIT_BYTES,
      customTypes: COMPRESSIBLE,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
      zlibOptions: { level: 1 },
      // Request bodies are read as sent, as before (no Content-Encoding on uploads).
      globalDecompression: false,
    });
    // An answer that could have been compressed differs by Accept-Encoding also when it was not
    // (the client named no coding): a shared cache must not hand that copy to every client.
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
      if (whole && typeof type === 'string' && COMPRESSIBLE.test(type) && atLeast(payload, MIN_COMPRESS_BYTES)) {
        const vary = reply.getHeader('vary');
        const named = vary === undefined ? [] : String(vary).split(',').map((v) => v.trim()).filter(Boolean);
        if (!named.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) reply.header('vary', [...named, 'accept-encoding'].join(', '));
      }
      done(null, payload);
    });
  },
  { name: 'compress' },
);
