import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { injectShopConfig } from '../../shared/shop-config-html';
import { COMMON_MESSAGES } from '../common.messages';
import { textIn } from '../i18n';
import { MIN_COMPRESS_BYTES } from './compress';
import { sendError } from './errors';

export interface WebOptions {
  webRoot: string;
  apiBase: string;
  shopName: string;
  contactUrl: string;
  /** An old path's redirect (issue 43), answered before the SPA: for visitors who are not logged in too. */
  redirectFor?: (urlPath: string) => Promise<{ location: string; status: 301 | 302 } | null>;
}

/** Paths that name a file (or live where only files live) get a real 404, never the SPA. */
function looksLikeAsset(urlPath: string): boolean {
  if (/^\/(static|locales|assets)\//.test(urlPath)) return true;
  const last = urlPath.split('/').pop() ?? '';
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

type IndexPage = { html: Buffer; br: Buffer; gzip: Buffer };

/**
 * index.html with the meta tags, and its brotli and gzip forms, made once: the not-found
 * handler that answers it is no route, so @fastify/compress does not see it.
 */
function indexLoader(opts: WebOptions): () => IndexPage | undefined {
  const indexFile = path.join(opts.webRoot, 'index.html');
  let index: IndexPage | undefined;
  return () => {
    if (index === undefined && existsSync(indexFile)) {
      const html = Buffer.from(
        injectShopConfig(readFileSync(indexFile, 'utf8'), { backend: opts.apiBase, shopName: opts.shopName, contactUrl: opts.contactUrl }),
      );
      index = { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
    }
    return index;
  };
}

/** The built files: hashed ones cached for a year, the others five minutes. */
async function serveBuiltFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    // One route per built file (globbed at start): client routes then skip a file-system stat.
    wildcard: false,
    // The build writes .br and .gz copies of its text files (vite.config.ts, precompress).
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}static${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
}

/** Any other path: a 404 under the API or for a file, a redirect of an old path, else index.html (compressed when asked). */
function clientRouteHandler(opts: WebOptions, loadIndex: () => IndexPage | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === opts.apiBase || urlPath.startsWith(`${opts.apiBase}/`);
    if (isApi) {
      return sendError(reply, request, { status: 404, code: 'not_found', message: textIn(request.lang, COMMON_MESSAGES, 'no_api_route', request.method, urlPath) });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeAsset(urlPath)) {
      return sendError(reply, request, { status: 404, code: 'not_found', message: textIn(request.lang, COMMON_MESSAGES, 'nothing_found', urlPath) });
    }
    const redirect = opts.redirectFor ? await opts.redirectFor(urlPath) : null;
    if (redirect) return reply.header('cache-control', 'no-cache').redirect(redirect.location, redirect.status);
    const page = loadIndex();
    if (!page) {
      return sendError(reply, request, {
        status: 503,
        code: 'web_not_built',
        message: textIn(request.lang, COMMON_MESSAGES, 'web_not_built'),
      });
    }
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const accepted = request.headers['accept-encoding'];
    const encoding = page.html.length >= MIN_COMPRESS_BYTES && typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
    if (encoding === null) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  };
}

/**
 * Serves the built SPA: hashed files with a long cache, and index.html (with the runtime
 * configuration as meta tags, since the CSP forbids inline scripts) for every client route.
 */
export default fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    const loadIndex = indexLoader(opts);
    if (existsSync(opts.webRoot)) await serveBuiltFiles(app, opts.webRoot);
    const serveClientRoute = clientRouteHandler(opts, loadIndex);
    app.setNotFoundHandler(serveClientRoute);
    // The root is a client route too (the login page); the static plugin would refuse a directory.
    app.get('/', serveClientRoute);
  },
  { name: 'spa', dependencies: ['errors', 'compress'] },
);
