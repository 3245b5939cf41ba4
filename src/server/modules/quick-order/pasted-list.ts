import { MAX_LINE_QUANTITY } from '../../../shared/api/cart';

/**
 * Reads a list as customers paste it from Excel or a mail, or as a CSV or a workbook's first
 * sheet: one line per article, an article number (or EAN) and a quantity separated by a tab,
 * semicolon, comma or spaces, in either order. Which field is the article is decided later
 * against the catalogue (`readings`): a line of two numbers can be read both ways.
 */

/** One way to read a line: this article and this quantity (null: none given). */
export interface Reading {
  article: string;
  quantity: number | null;
}

export interface PastedLine {
  /** The line's number in the input, 1-based (blank lines count). */
  line: number;
  /** The line as given, trimmed. */
  input: string;
  /** The readings worth trying, the likeliest first; empty when the line cannot be read at all. */
  readings: Reading[];
}

/** Words of a header line ("Artikelnummer;Aantal", "SKU, Qty", "EAN\tQuantity"). */
const HEADER_WORDS = /^(art(ikel)?(nr|nummer|\.? ?no\.?)?|article( ?(no|number|nr))?|artikelcode|code|sku|ean|gtin|barcode|product(code)?|item( ?(no|number))?|aantal|qty|quantity|hoeveelheid|stuks|aant\.?|amount|description|omschrijving|naam|name)$/i;

/** A quantity as people write it: 12, 12x, x12, 12 st, 12 stuks, 12 pcs, 12,0 or 12.0. */
const QUANTITY = /^(?:x\s*)?(\d{1,7})(?:[.,]0+)?\s*(?:x|st\.?|stk\.?|stuks?|pcs\.?|pieces?|pc)?$/i;

export function parseQuantity(field: string): number | null {
  const match = QUANTITY.exec(field.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= MAX_LINE_QUANTITY ? value : null;
}

/** Could this be an article number or EAN: letters, digits and - . / only, with a digit or written as a code. */
const ARTICLE = /^[\p{L}\p{N}][\p{L}\p{N}\-./]{0,63}$/u;
/** Written as a code: in capitals, with a dash, dot or slash ("ZZZ-NOPE", "TORT/15"), not a word of a sentence. */
const CODE = /^\p{Lu}+[-./][\p{Lu}\-./]*$/u;
const looksLikeArticle = (field: string) => ARTICLE.test(field) && (/\p{N}/u.test(field) || CODE.test(field));

const unquote = (field: string) => field.trim().replace(/^"(.*)"$/s, '$1').replace(/""/g, '"').trim();

/** The fields of a line: by tab, else semicolon, else comma, else runs of spaces. */
export function fieldsOf(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : /\s+/;
  return line
    .split(separator)
    .map(unquote)
    .filter((field) => field !== '');
}

const isHeader = (fields: readonly string[]) => fields.length > 0 && fields.every((f) => !/\d/.test(f)) && fields.some((f) => HEADER_WORDS.test(f.replace(/[:*]/g, '').trim()));

/** The ways to read one line's fields, likeliest first. */
export function readingsOf(fields: readonly string[]): Reading[] {
  if (fields.length === 0) return [];
  const first = fields[0]!;
  if (fields.length === 1) return looksLikeArticle(first) ? [{ article: first, quantity: null }] : [];
  const last = fields[fields.length - 1]!;
  const readings: Reading[] = [];
  // A quantity may have been split off its unit by spaces: "101001 12 st", "12 x 101001".
  const two = fields.length >= 3;
  const lastQuantity = parseQuantity(last) ?? (two ? parseQuantity(`${fields[fields.length - 2]} ${last}`) : null);
  const firstQuantity = parseQuantity(first) ?? (two ? parseQuantity(`${first} ${fields[1]}`) : null);
  // Article first (the usual order), then quantity first: "12x 101001", "12;101001".
  if (lastQuantity !== null && looksLikeArticle(first)) readings.push({ article: first, quantity: lastQuantity });
  if (firstQuantity !== null && looksLikeArticle(last)) readings.push({ article: last, quantity: firstQuantity });
  // An article with text after it and no quantity ("101001 Tortilla 15 cm" copied without one).
  if (readings.length === 0 && looksLikeArticle(first) && !fields.slice(1).some((f) => parseQuantity(f) !== null)) {
    readings.push({ article: first, quantity: null });
  }
  return readings;
}

/** A line longer than this is no order line: it is unreadable as it is, and never split into fields. */
export const MAX_LINE_CHARS = 1_000;

/** The lines of `text` one at a time: a file of 2 MB is not first split into an array of lines. */
function* linesOf(text: string): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    yield text.slice(start, end);
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
}

/**
 * The lines of a pasted list or file, blank lines left out, the first line left out when it is a
 * header. `maxLines` stops reading after that many non-blank lines (the caller refuses more).
 */
export function readPastedList(text: string, maxLines: number): { lines: PastedLine[]; more: boolean } {
  const lines: PastedLine[] = [];
  let seenContent = false;
  let number = 0;
  for (const raw of linesOf(text.replace(/^\uFEFF/, ''))) {
    number++;
    const tooLong = raw.length > MAX_LINE_CHARS;
    const input = (tooLong ? raw.slice(0, MAX_LINE_CHARS) : raw).trim();
    if (input === '') continue;
    const fields = tooLong ? [] : fieldsOf(input);
    if (!seenContent) {
      seenContent = true;
      if (isHeader(fields)) continue;
    }
    if (lines.length === maxLines) return { lines, more: true };
    lines.push({ line: number, input, readings: readingsOf(fields) });
  }
  return { lines, more: false };
}
