import { COMMON_MESSAGES } from './common.messages';
import { type Localized, inLang, localized } from './i18n';
import type { Lang } from './plugins/language';

/** A message of an error: both languages (customer-facing), or one English text (staff, ERP). */
export type ErrorText = string | Localized;
export interface FieldError {
  field: string;
  message: ErrorText;
}

/**
 * A business outcome a client can act on: an HTTP status, a stable code and a clear message. A
 * `Localized` message is answered in the language of the request (the error handler picks it);
 * `message` itself is the English text, for logs.
 */
export class AppError extends Error {
  readonly text: ErrorText;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    text: ErrorText,
    readonly fieldErrors?: FieldError[],
  ) {
    super(typeof text === 'string' ? text : text.en);
    this.name = 'AppError';
    this.text = text;
  }

  /** The message in `lang` (an English-only text stays English). */
  messageIn(lang: Lang): string {
    return inLang(lang, this.text);
  }

  fieldErrorsIn(lang: Lang): Array<{ field: string; message: string }> | undefined {
    return this.fieldErrors?.map(({ field, message }) => ({ field, message: inLang(lang, message) }));
  }
}

export const badRequest = (code: string, message: ErrorText, fieldErrors?: FieldError[]) => new AppError(400, code, message, fieldErrors);
export const forbidden = (message: ErrorText = localized(COMMON_MESSAGES, 'forbidden'), code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: ErrorText = localized(COMMON_MESSAGES, 'not_found'), code = 'not_found') => new AppError(404, code, message);

/** An error of a code in a module's message table: its text in both languages. */
export const loginRequired = () => new AppError(403, 'login_required', localized(COMMON_MESSAGES, 'login_required'));
export const orderNotFound = () => notFound(localized(COMMON_MESSAGES, 'order_not_found'), 'order_not_found');
/** 400, not 403: the web logs out on any 403, and this is a customer without a relation, not a stranger. */
export const noRelation = () => badRequest('no_relation', localized(COMMON_MESSAGES, 'no_relation'));
