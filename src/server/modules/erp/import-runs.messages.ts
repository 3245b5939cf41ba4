import { defineMessages } from '../../i18n';

/**
 * Staff's import runs (issue 42, point 8): the error of its calls (keys are the codes) and the
 * header of the errors CSV, in the staff user's language. The errors themselves are the import's,
 * in English, as the ERP got them.
 */
export const IMPORT_RUNS_MESSAGES = defineMessages({
  nl: {
    import_run_not_found: 'Deze importrun bestaat niet.',
    csv_line: 'Regel',
    csv_field: 'Veld',
    csv_message: 'Melding',
  },
  en: {
    import_run_not_found: 'This import run does not exist.',
    csv_line: 'Line',
    csv_field: 'Field',
    csv_message: 'Message',
  },
});
