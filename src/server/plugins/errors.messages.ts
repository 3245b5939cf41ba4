import type { Lang } from './language';

/**
 * Messages of the error handler that a customer reads (the web shows them as the server sends
 * them), in the language of the request: English under /en, Dutch otherwise.
 */
const en = {
  databaseUnavailable: 'The shop cannot reach its database for a moment. Please try again in a few seconds.',
};

export type ErrorMessage = keyof typeof en;

const nl: Record<ErrorMessage, string> = {
  databaseUnavailable: 'De webshop kan de database even niet bereiken. Probeer het over een paar seconden opnieuw.',
};

export function errorMessage(lang: Lang, key: ErrorMessage): string {
  return (lang === 'en' ? en : nl)[key];
}
