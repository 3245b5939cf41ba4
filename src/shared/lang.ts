/**
 * The two languages of the shop. Pure helpers shared by web and server: no React, no zod.
 * Dutch is the default content language and has no prefix in API paths; English has `/en`.
 */
export const languages = ['nl', 'en'] as const;
export type Language = (typeof languages)[number];

/** The language of an API path without a prefix (spec section 7). */
export const defaultContentLanguage: Language = 'nl';

export function isLanguage(value: unknown): value is Language {
  return value === 'nl' || value === 'en';
}

/** The prefix an API path carries for a language: '/en' for English, nothing for Dutch. */
export function languagePrefix(lang: Language): '' | '/en' {
  return lang === 'en' ? '/en' : '';
}
