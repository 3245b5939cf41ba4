import { defineMessages } from '../../i18n';

/** The refusals of the search suggestions and the staff's search statistics (keys are the codes). */
export const SEARCH_SUGGEST_MESSAGES = defineMessages({
  nl: {
    period_reversed: 'De begindatum ligt na de einddatum.',
    period_too_long: (p: { days: number }) => `Een periode is maximaal ${p.days} dagen.`,
  },
  en: {
    period_reversed: 'The start date is after the end date.',
    period_too_long: (p: { days: number }) => `A period is at most ${p.days} days.`,
  },
});
