import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type Lang = 'nl' | 'en';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of texts in the answer: 'en' under the /en prefix, 'nl' otherwise. */
    lang: Lang;
  }
}

const LANG = Symbol('shop.lang');
type TaggedRequest = IncomingMessage & { [LANG]?: Lang };

/**
 * Fastify's `rewriteUrl`: `{base}/en/...` is served by the route `{base}/...` with English texts,
 * so every route exists once and the prefix works on all of them (DESIGN.md section 4).
 */
export function languageRewriter(apiBase: string) {
  const prefix = `${apiBase}/en`;
  return (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
      (req as TaggedRequest)[LANG] = 'en';
      const rest = url.slice(prefix.length);
      return `${apiBase}${rest.startsWith('/') ? rest : `/${rest}`}`;
    }
    return url;
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'nl');
    // Synchronous hooks: no promise per request for what needs none.
    app.addHook('onRequest', (request, _reply, done) => {
      request.lang = (request.raw as TaggedRequest)[LANG] ?? 'nl';
      done();
    });
  },
  { name: 'language' },
);
