import { defineMessages } from '../../i18n';

/** Errors of the account calls (keys are the codes), in the language of the request. */
export const ACCOUNT_MESSAGES = defineMessages({
  nl: {
    user_not_found: 'Gebruiker niet gevonden.',
    relation_not_found: 'Relatie niet gevonden.',
  },
  en: {
    user_not_found: 'User not found.',
    relation_not_found: 'Relation not found.',
  },
});
