import { z } from 'zod';
import type { Localized } from './i18n';

/**
 * Field messages of refused requests in Dutch. The schemas in src/shared/api write their own
 * messages in English (the contract, read by both sides); here is their Dutch, as whole sentences
 * or as sentence shapes with a subject. A message zod wrote itself (no message in the schema) gets
 * zod's Dutch text. English requests keep the schema's text.
 */

/** Subjects of the sentence shapes below ("A product id is a UUID …"). */
const SUBJECTS: Record<string, string> = {
  'A product id': 'Een product-id',
  'The product id': 'Het product-id',
  'A favourite id': 'Een favoriet-id',
};
const subject = (s: string) => SUBJECTS[s] ?? s;

const SENTENCES: Record<string, string> = {
  'per_page is a whole number from 1 to 50.': 'per_page is een geheel getal van 1 tot en met 50.',
  'A referrer has at most 2000 characters.': 'Een verwijzer heeft hoogstens 2000 tekens.',
  'Fill in the old path, e.g. /nl/oude-pagina.': 'Vul het oude pad in, bijvoorbeeld /nl/oude-pagina.',
  'A redirect is permanent (301) or temporary (302).': 'Een doorverwijzing is blijvend (301) of tijdelijk (302).',
  'id is a whole number.': 'id is een geheel getal.',
  'Send the CSV text.': 'Stuur de tekst van het CSV-bestand mee.',
  'A path is at most 500 characters.': 'Een pad heeft hoogstens 500 tekens.',
  'The CSV file is empty.': 'Het CSV-bestand is leeg.',
  'A CSV file is at most 2 MB.': 'Een CSV-bestand is hoogstens 2 MB.',
  "purchased_entity_type must be 'commerce_product_variation'.": "purchased_entity_type moet 'commerce_product_variation' zijn.",
  'purchased_entity_id is a variation id.': 'purchased_entity_id is het id van een variant.',
  'quantity cannot be 0.': 'quantity mag niet 0 zijn.',
  'The body is a list of lines to add.': 'De inhoud is een lijst van toe te voegen regels.',
  'Add at least one line.': 'Voeg minstens één regel toe.',
  "_format must be 'json'.": "_format moet 'json' zijn.",
  'The order id is a number.': 'Het id van de bestelling is een getal.',
  'The order item id is a number.': 'Het id van de bestelregel is een getal.',
  'Keys are order item ids.': 'De sleutels zijn id’s van bestelregels.',
  'Not a payment id.': 'Dit is geen id van een betaling.',
  'Name at least one order item.': 'Noem minstens één bestelregel.',
  "filter[entity_type] is 'commerce_product' or 'taxonomy_term'.": "filter[entity_type] is 'commerce_product' of 'taxonomy_term'.",
  'A search has at most 200 characters.': 'Een zoekopdracht heeft maximaal 200 tekens.',
  'filter[favorites] is a relation id.': 'filter[favorites] is het id van een relatie.',
  'filter[categories] is a numeric category id.': 'filter[categories] is het nummer van een categorie.',
  "filter[without_strict] is '0' or '1'.": "filter[without_strict] is '0' of '1'.",
  "sort[artnr][path] can only be 'sku'.": "sort[artnr][path] kan alleen 'sku' zijn.",
  "sort[artnr][direction] is 'ASC' or 'DESC'.": "sort[artnr][direction] is 'ASC' of 'DESC'.",
  "data.type must be 'favorite_product--favorite_product'.": "data.type moet 'favorite_product--favorite_product' zijn.",
  "The product's type must be 'commerce_product--default'.": "Het type van het product moet 'commerce_product--default' zijn.",
  'Ask for at most 1000 products at a time.': 'Vraag maximaal 1000 producten tegelijk op.',
  'A product id is a UUID or a number.': 'Een product-id is een UUID of een getal.',
  'method is required.': 'method is verplicht.',
  'method is at most 64 characters.': 'method heeft maximaal 64 tekens.',
  'date is required (YYYY-MM-DD).': 'date is verplicht (JJJJ-MM-DD).',
  'date is a day written YYYY-MM-DD.': 'date is een dag in de vorm JJJJ-MM-DD.',
  'A day is written YYYY-MM-DD.': 'Een dag schrijf je als JJJJ-MM-DD.',
  'That day does not exist.': 'Die dag bestaat niet.',
  // shared/api/food.ts (issue 19): a field of the food information.
  'is a decimal number such as 12.5.': 'is een decimaal getal met een punt, zoals 12.5.',
  "format is 'pdf', 'csv' or 'xlsx'.": "format is 'pdf', 'csv' of 'xlsx'.",
  'profileId is the id of one of your delivery addresses.': 'profileId is het id van een van je afleveradressen.',
  'The order id is a UUID or a number.': 'Het id van de bestelling is een UUID of een getal.',
  'A menu name has 1 to 64 lower-case letters, digits, dashes or underscores.':
    'Een menunaam heeft 1 tot 64 kleine letters, cijfers, streepjes of liggende streepjes.',
  'Give the path to resolve, e.g. ?path=/leveringsvoorwaarden.': 'Geef het pad dat moet worden opgezocht, bijv. ?path=/leveringsvoorwaarden.',
  'A path has at most 2000 characters.': 'Een pad heeft maximaal 2000 tekens.',
  'A page id is a UUID (8-4-4-4-12 hexadecimal digits).': 'Een pagina-id is een UUID (8-4-4-4-12 hexadecimale tekens).',
  'The uid filter is a user id.': 'Het uid-filter is het id van een gebruiker.',
  "sort is '-placed' or 'placed'.": "sort is '-placed' of 'placed'.",
  'The user id is a number.': 'Het gebruikers-id is een getal.',
  'The invoice id is a number.': 'Het factuur-id is een getal.',
  'Not a payment link.': 'Dit is geen betaallink.',
  'The payment id is a UUID.': 'Het betalings-id is een UUID.',
  'Enter your username.': 'Vul je gebruikersnaam in.',
  'Enter your password.': 'Vul je wachtwoord in.',
  'A search is at most 100 characters.': 'Een zoekopdracht heeft maximaal 100 tekens.',
  'page is a whole number from 1.': 'page is een geheel getal vanaf 1.',
  'A date is written as YYYY-MM-DD.': 'Een datum schrijf je als JJJJ-MM-DD.',
  'This date does not exist.': 'Deze datum bestaat niet.',
  'A login name is at most 100 characters.': 'Een gebruikersnaam heeft maximaal 100 tekens.',
  'An entity is a word such as order or user.': 'Een entiteit is een woord zoals order of user.',
  'An id is at most 64 characters.': 'Een id heeft maximaal 64 tekens.',
  'relation is the uuid of a customer relation.': 'relation is de uuid van een klantrelatie.',
  'The period ends before it starts.': 'De periode eindigt voordat hij begint.',
  'kind is an import kind such as products, stock or images.': 'kind is een soort import, zoals products, stock of images.',
  'result is running, ok, with_errors or failed.': 'result is running, ok, with_errors of failed.',
  'id is the uuid of an import run.': 'id is de uuid van een importrun.',
  'missing is one of the parts of the food information that can be missing.': 'missing is een van de onderdelen van de voedingsinformatie die kunnen ontbreken.',
  'userId is a user id.': 'userId is het id van een gebruiker.',
  'add ?_format=json to the URL': 'voeg ?_format=json toe aan de URL',
  'only active_relation can be included': 'alleen active_relation kan worden meegeladen',
  'Not a sandbox payment id.': 'Dit is geen id van een sandboxbetaling.',
  'rows is a list of lines.': 'rows is een lijst van regels.',
  'Send either rows or text.': 'Stuur rows of text.',
  "source is 'orders' or 'favourites'.": "source is 'orders' of 'favourites'.",
  "sort is 'frequency', 'name' or 'sku'.": "sort is 'frequency', 'name' of 'sku'.",
  'Give an article number.': 'Geef een artikelnummer op.',
  'An article number is at most 64 characters.': 'Een artikelnummer heeft maximaal 64 tekens.',
  'Give at least one line.': 'Geef minstens één regel op.',
  'Paste at least one line.': 'Plak minstens één regel.',
  'user is the uuid of a user.': 'user is de uuid van een gebruiker.',
  'Fill in a valid e-mail address.': 'Vul een geldig e-mailadres in.',
  'An e-mail address is at most 254 characters.': 'Een e-mailadres heeft maximaal 254 tekens.',
  'A login name is at most 60 characters.': 'Een gebruikersnaam heeft maximaal 60 tekens.',
  'A login name has letters, digits and . _ @ + - only.': 'Een gebruikersnaam bevat alleen letters, cijfers en . _ @ + -.',
  'A first name is at most 60 characters.': 'Een voornaam heeft maximaal 60 tekens.',
  'A surname prefix is at most 60 characters.': 'Een tussenvoegsel heeft maximaal 60 tekens.',
  'A surname is at most 60 characters.': 'Een achternaam heeft maximaal 60 tekens.',
  'Fill in a first name.': 'Vul een voornaam in.',
  'Fill in a surname.': 'Vul een achternaam in.',
  'Give a reason.': 'Geef een reden.',
  'A reason is at most 500 characters.': 'Een reden heeft maximaal 500 tekens.',
  "overdue is '0' or '1'.": "overdue is '0' of '1'.",
  'A reference is at most 35 characters.': 'Een referentie heeft maximaal 35 tekens.',
  'A comment is at most 1000 characters.': 'Een opmerking heeft maximaal 1000 tekens.',
  // shared/api/staff-order.ts (issue 42): the staff order page.
  'The order is named by its uuid.': 'Een bestelling geef je aan met haar uuid.',
  'The action is confirm, ship, deliver or cancel.': 'De actie is confirm, ship, deliver of cancel.',
  'version is the version of the order you saw.': 'version is de versie van de bestelling die je zag.',
  'variation_id is a variation id.': 'variation_id is het id van een variant.',
  'quantity is a whole number from 1.': 'quantity is een geheel getal vanaf 1.',
  'quantity is at most 100000.': 'quantity is maximaal 100000.',
  'An order keeps at least one line; cancel it instead.': 'Een bestelling houdt minstens één regel; wil je alles eraf, annuleer de bestelling dan.',
  'An order has at most 200 lines.': 'Een bestelling heeft maximaal 200 regels.',
  'sku is an article number.': 'sku is een artikelnummer.',
  'Name each line by its variation_id or its sku.': 'Noem elke regel bij zijn variation_id of zijn sku.',
  // shared/api/staff-orders.ts (issue 42): the orders board.
  'customer is the uuid of a customer relation.': 'customer is de uuid van een klantrelatie.',
  // shared/api/staff-price-requests.ts (issue 42): the price requests inbox.
  "state is 'open', 'answered' or 'all'.": "state is 'open', 'answered' of 'all'.",
  'A price request is named by its number.': 'Een prijsaanvraag geef je aan met haar nummer.',
  'message is a text.': 'message is een tekst.',
  'A message is at most 1000 characters.': 'Een bericht heeft maximaal 1000 tekens.',
  'Write a message to the customer.': 'Schrijf een bericht aan de klant.',
  'price_per_unit_cents is a price in cents from 1.': 'price_per_unit_cents is een prijs in centen vanaf 1.',
  'from_quantity is a whole number from 1.': 'from_quantity is een geheel getal vanaf 1.',
  'valid_until is a day written YYYY-MM-DD.': 'valid_until is een dag in de vorm JJJJ-MM-DD.',
};

const SHAPES: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^(.+) must be a whole number\.$/, (s) => `${subject(s)} moet een geheel getal zijn.`],
  [/^(.+) is at least (\d+)\.$/, (s, n) => `${subject(s)} is minimaal ${n}.`],
  [/^(.+) is at most (\d+)\.$/, (s, n) => `${subject(s)} is maximaal ${n}.`],
  [/^(.+) cannot be negative\.$/, (s) => `${subject(s)} mag niet negatief zijn.`],
  [/^(.+) is a UUID \(8-4-4-4-12 hexadecimal digits\)\.$/, (s) => `${subject(s)} is een UUID (8-4-4-4-12 hexadecimale tekens).`],
  [/^must be one of (.+)$/, (list) => `moet een van ${list} zijn`],
  [/^(\S+) is a comma-separated list of: (.+)\.$/, (s, list) => `${s} is een lijst, gescheiden door komma's, van: ${list}.`],
  [/^(\S+) is one of (.+)\.$/, (s, list) => `${s} is een van ${list}.`],
  [/^At most (\d+) lines at once\.$/, (n) => `Maximaal ${n} regels tegelijk.`],
  [/^At most (\d+) items at once\.$/, (n) => `Maximaal ${n} bestelregels tegelijk.`],
  [/^A pasted list is at most (\d+) characters\.$/, (n) => `Een geplakte lijst heeft maximaal ${n} tekens.`],
];

/** The Dutch of a message written in a schema, or null when no schema wrote it. */
export function dutchOfSchemaMessage(message: string): string | null {
  const sentence = SENTENCES[message];
  if (sentence) return sentence;
  for (const [shape, dutch] of SHAPES) {
    const match = shape.exec(message);
    if (match) return dutch(...match.slice(1));
  }
  return null;
}

const dutchZod = z.locales.nl().localeError;
const TYPES: Record<string, string> = { string: 'tekst', number: 'getal', boolean: 'waar of onwaar', object: 'object', array: 'lijst' };

/** zod's own Dutch for an issue (the input is no longer known, so an invalid type names only what was expected). */
function dutchOfIssue(issue: { keyword: string; params?: Record<string, unknown> }): string {
  const params = issue.params ?? {};
  if (issue.keyword === 'invalid_type') return `Ongeldige invoer: verwacht ${TYPES[String(params.expected)] ?? String(params.expected)}`;
  const text = dutchZod({ ...params, code: issue.keyword } as unknown as Parameters<typeof dutchZod>[0]);
  return typeof text === 'string' ? text : (text?.message ?? 'Ongeldige invoer');
}

/** A field message of a refused request in both languages. */
export function fieldMessage(issue: { keyword: string; message?: string; params?: Record<string, unknown> }): Localized {
  const en = issue.message ?? 'is not valid';
  return { en, nl: dutchOfSchemaMessage(en) ?? dutchOfIssue(issue) };
}
