import { defineMessages } from '../../i18n';

/** Messages of the staff calls, in the staff user's language. */
export const STAFF_MESSAGES = defineMessages({
  nl: {
    relation_not_found: 'Deze klant bestaat niet (meer).',
  },
  en: {
    relation_not_found: 'This customer does not exist (any more).',
  },
});
