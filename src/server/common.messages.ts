import { defineMessages } from './i18n';

/**
 * Texts of the answers every route can give (the error handler's own, the auth and input guards)
 * and of codes several modules share. Keys are the codes, except where one code has more texts
 * (`no_api_route` answers the code not_found).
 */
export const COMMON_MESSAGES = defineMessages({
  nl: {
    not_found: 'Niet gevonden.',
    no_api_route: (method: string, path: string) => `Er is geen API-route ${method} ${path}.`,
    nothing_found: (path: string) => `Niets gevonden op ${path}.`,
    web_not_built: 'De webapp is nog niet gebouwd; voer npm run build uit (npm start doet dat voor je).',
    forbidden: 'Dit mag je niet doen.',
    login_required: 'Log in om verder te gaan.',
    csrf_token_invalid: 'De X-CSRF-Token-header van het verzoek ontbreekt of is ongeldig. Vernieuw de pagina en probeer het opnieuw.',
    staff_only: 'Alleen medewerkers mogen dit doen.',
    invalid_input: (summary: string) => `Het verzoek is niet geldig. ${summary}`,
    invalid_characters: (part: string, field: string) => `${part === 'body' ? 'De inhoud' : part === 'query' ? 'De zoekparameters' : 'Het pad'} van het verzoek bevat een NUL-teken${field ? ` in ${field}` : ''}.`,
    invalid_characters_field: 'mag geen NUL-teken bevatten',
    unsupported_content_type: (type: string) => `Inhoudstype ${type} wordt hier niet geaccepteerd; stuur application/json.`,
    empty_body: 'De inhoud van het verzoek is leeg; stuur een JSON-document.',
    bad_content_length: 'De Content-Length-header klopt niet met de inhoud.',
    invalid_json: 'De inhoud van het verzoek is geen geldige JSON.',
    body_too_large: 'De inhoud van het verzoek is te groot.',
    unsupported_media_type: 'Dit mediatype wordt niet ondersteund.',
    too_many_requests: 'Te veel verzoeken; wacht even en probeer het dan opnieuw.',
    request_refused: 'Het verzoek kan niet worden verwerkt.',
    internal: 'Er ging bij ons iets mis. Probeer het later opnieuw.',
    database_unavailable: 'De webshop kan de database even niet bereiken. Probeer het over een paar seconden opnieuw.',
    order_not_found: 'Geen bestelling gevonden',
    no_relation: 'Geen relatie gevonden',
  },
  en: {
    not_found: 'Not found.',
    no_api_route: (method: string, path: string) => `No API route ${method} ${path}.`,
    nothing_found: (path: string) => `Nothing found at ${path}.`,
    web_not_built: 'The web app is not built yet; run npm run build (npm start does it for you).',
    forbidden: 'You are not allowed to do this.',
    login_required: 'Log in to continue.',
    csrf_token_invalid: 'The X-CSRF-Token request header is missing or invalid.',
    staff_only: 'Only staff may do this.',
    invalid_input: (summary: string) => `The request is not valid. ${summary}`,
    invalid_characters: (part: string, field: string) => `The request ${part} contains a NUL character${field ? ` in ${field}` : ''}.`,
    invalid_characters_field: 'must not contain a NUL character',
    unsupported_content_type: (type: string) => `Content type ${type} is not accepted here; send application/json.`,
    empty_body: 'The request body is empty; send a JSON document.',
    bad_content_length: 'The Content-Length header does not match the body.',
    invalid_json: 'The request body is not valid JSON.',
    body_too_large: 'The request body is too large.',
    unsupported_media_type: 'This media type is not supported.',
    too_many_requests: 'Too many requests; please wait a moment.',
    request_refused: 'The request cannot be handled.',
    internal: 'Something went wrong on our side. Please try again later.',
    database_unavailable: 'The shop cannot reach its database for a moment. Please try again in a few seconds.',
    order_not_found: 'No order found',
    no_relation: 'No relation found',
  },
});
