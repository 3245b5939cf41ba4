import { defineMessages } from '../../i18n';

/** Errors of the price requests inbox (keys are the codes), in the staff user's language (issue 42, point 10). */
export const STAFF_PRICE_REQUEST_MESSAGES = defineMessages({
  nl: {
    price_request_not_found: (p: { id: number }) => `Prijsaanvraag ${p.id} bestaat niet.`,
    price_request_answered: (p: { id: number; state: string }) =>
      `Prijsaanvraag ${p.id} is al beantwoord (${p.state === 'quoted' ? 'met een offerte' : 'afgewezen'}). Laad de lijst opnieuw.`,
    price_request_no_relation: 'Deze klant hoort bij geen relatie, dus een offerte kan niet. Wijs de aanvraag af met een bericht.',
    price_request_no_article: 'Dit product heeft geen artikel meer waarvoor een offerte kan gelden.',
    valid_until_not_a_day: 'Die dag bestaat niet.',
    valid_until_past: (p: { today: string }) => `Een offerte geldt tot vandaag (${p.today}) of later.`,
    quote_label: (p: { id: number }) => `Offerte op je prijsaanvraag ${p.id}`,
  },
  en: {
    price_request_not_found: (p: { id: number }) => `Price request ${p.id} does not exist.`,
    price_request_answered: (p: { id: number; state: string }) =>
      `Price request ${p.id} has been answered already (${p.state === 'quoted' ? 'with a quote' : 'declined'}). Reload the list.`,
    price_request_no_relation: 'This customer belongs to no relation, so a quote is not possible. Decline the request with a message.',
    price_request_no_article: 'This product no longer has an article a quote could be for.',
    valid_until_not_a_day: 'That day does not exist.',
    valid_until_past: (p: { today: string }) => `A quote is valid until today (${p.today}) or later.`,
    quote_label: (p: { id: number }) => `Quote for your price request ${p.id}`,
  },
});
