import type { Lang } from './plugins/language';

/**
 * Texts a customer reads, in both languages. Each module keeps its texts in one
 * `<module>.messages.ts` as `{ nl: {...}, en: {...} }` (made with `defineMessages`, so both
 * languages have the same keys and the same parameters); an error's key is its code. Errors carry
 * a `Localized` text and the error handler answers it in the language of the request, so a service
 * that throws needs no language of its own. `messages.registry.ts` lists every table.
 */

/** A text, or a text built from parameters (an object, or positional as payments' descriptions). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Template = string | ((...args: any[]) => string);
export type MessageTable = Record<string, Template>;

/** The Dutch side of a table: the same keys with the same parameters as the English side. */
export type Translation<E extends MessageTable> = {
  [K in keyof E]: E[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

export interface Messages<E extends MessageTable> {
  readonly nl: Translation<E>;
  readonly en: E;
}

/** A text in both languages; the answer picks one by the request's language. */
export interface Localized {
  readonly nl: string;
  readonly en: string;
}

export function defineMessages<E extends MessageTable>(table: { nl: NoInfer<Translation<E>>; en: E }): Messages<E> {
  return table;
}

export type ArgsOf<T> = T extends (...args: infer A) => string ? A : [];

function render(template: Template, args: unknown[]): string {
  return typeof template === 'function' ? template(...args) : template;
}

/** The text of `key` in both languages. */
export function localized<E extends MessageTable, K extends keyof E & string>(table: Messages<E>, key: K, ...args: ArgsOf<E[K]>): Localized {
  return { nl: render(table.nl[key] as Template, args), en: render(table.en[key] as Template, args) };
}

/** The text of `key` in one language (for answers that are not errors: a toast, a mail). */
export function textIn<E extends MessageTable, K extends keyof E & string>(lang: Lang, table: Messages<E>, key: K, ...args: ArgsOf<E[K]>): string {
  return render((lang === 'en' ? table.en[key] : table.nl[key]) as Template, args);
}

/** `textIn` bound to a language and a table. */
export function speakerIn<E extends MessageTable>(lang: Lang, table: Messages<E>) {
  return <K extends keyof E & string>(key: K, ...args: ArgsOf<E[K]>): string => textIn(lang, table, key, ...args);
}

/** Several texts as one (the lines of a refused cart call), per language. */
export function joinLocalized(texts: readonly Localized[], separator: string): Localized {
  return { nl: texts.map((t) => t.nl).join(separator), en: texts.map((t) => t.en).join(separator) };
}

/** A fixed text in both languages (where a text is no code of a table, e.g. a translated zod issue). */
export const both = (nl: string, en: string): Localized => ({ nl, en });

export function inLang(lang: Lang, text: string | Localized): string {
  return typeof text === 'string' ? text : text[lang];
}
