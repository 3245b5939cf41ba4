import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MESSAGES } from '../common.messages';
import { AppError } from '../errors';
import { localized } from '../i18n';

/** Where a NUL character hides in a parsed request part, or null; bounded so huge inputs stay cheap. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // A binary body (an uploaded workbook) is not text: NUL bytes belong in it.
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, so a request carrying one would fail deep in
 * a query with a 500. Refuse it up front, for every route, with a clear 400.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [part, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const field = findNul(value, '');
        if (field !== null) {
          done(
            new AppError(400, 'invalid_characters', localized(COMMON_MESSAGES, 'invalid_characters', part, field), [
              { field: field || part, message: localized(COMMON_MESSAGES, 'invalid_characters_field') },
            ]),
          );
          return;
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);
