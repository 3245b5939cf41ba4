import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES } from '../common.messages';
import { AppError } from '../errors';
import { speakerIn } from '../i18n';
import { fieldMessage } from '../validation.messages';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';

interface ErrorBody {
  status: number;
  message: string;
  code?: string;
  errors?: Array<{ field: string; message: string }>;
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** `/items/0/quantity` in `body` becomes `items.0.quantity`; an empty path names the part itself. */
function fieldName(instancePath: string, where: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length > 0 ? parts.join('.') : (where ?? 'body');
}

/** Turns anything thrown into an answer that helps a client and reveals nothing of the server, in the request's language. */
function describeError(error: FastifyError | Error, request: FastifyRequest): ErrorBody {
  const lang = request.lang ?? 'nl';
  const say = speakerIn(lang, COMMON_MESSAGES);
  if (error instanceof AppError) {
    const errors = error.fieldErrorsIn(lang);
    return { status: error.statusCode, message: error.messageIn(lang), code: error.code, ...(errors ? { errors } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext;
    const errors = error.validation.map((issue) => ({
      field: fieldName(issue.instancePath, where),
      message: fieldMessage(issue)[lang],
    }));
    const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    return { status: 400, code: 'invalid_input', message: say('invalid_input', summary), errors };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return { status: 500, message: say('internal') };
  }
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status >= 500 && isDatabaseUnavailable(error)) {
    // The database restarting or our connections ended (decision 017): the transaction, if any,
    // was rolled back by the server; the pool makes new connections for the next requests.
    request.log.warn({ err: error }, 'database unavailable');
    return { status: 503, code: 'database_unavailable', message: say('database_unavailable') };
  }
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return { status: 500, message: say('internal') };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, code: 'unsupported_content_type', message: say('unsupported_content_type', request.headers['content-type'] ?? '(none)') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'empty_body', message: say('empty_body') };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'bad_content_length', message: say('bad_content_length') };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'body_too_large', message: say('body_too_large') };
    default:
      break;
  }
  if (error instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, code: 'invalid_json', message: say('invalid_json') };
  }
  if (status === 429) return { status, code: 'too_many_requests', message: say('too_many_requests') };
  if (status === 415) return { status, code: 'unsupported_media_type', message: say('unsupported_media_type') };
  // Other 4xx raised by Fastify or its plugins: their English message, a Dutch one of ours.
  const english = fe.message || titles[status] || 'Bad request.';
  return { status, code: fe.code?.toLowerCase(), message: lang === 'en' ? english : say('request_refused') };
}

/** JSON:API routes answer errors as JSON:API documents; `message` stays for simple clients. */
export function sendError(reply: FastifyReply, request: FastifyRequest, body: ErrorBody): FastifyReply {
  const { status, ...rest } = body;
  reply.code(status);
  if (request.url.includes('/jsonapi/')) {
    return reply.type('application/vnd.api+json').send({
      message: rest.message,
      errors: (rest.errors?.length ? rest.errors : [undefined]).map((fieldError) => ({
        status: String(status),
        title: titles[status] ?? 'Error',
        detail: fieldError ? `${fieldError.field}: ${fieldError.message}` : rest.message,
        ...(fieldError ? { source: { pointer: `/${fieldError.field.replaceAll('.', '/')}` } } : {}),
      })),
    });
  }
  return reply.type('application/json; charset=utf-8').send(rest);
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = describeError(error, request);
      if (body.code === 'database_unavailable') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, request, body);
    });
  },
  { name: 'errors' },
);
