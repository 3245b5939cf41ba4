import { defineMessages } from '../../i18n';

/** Errors of the content calls (keys are the codes), in the language of the request. */
export const CONTENT_MESSAGES = defineMessages({
  nl: {
    'content.path_not_found': (p: { path: string }) => `Er is geen pagina op het pad ${p.path}.`,
    'content.page_not_found': (p: { id: string }) => `De pagina ${p.id} is niet gevonden.`,
  },
  en: {
    'content.path_not_found': (p: { path: string }) => `Unable to resolve path ${p.path}.`,
    'content.page_not_found': (p: { id: string }) => `The requested page ${p.id} could not be found.`,
  },
});
