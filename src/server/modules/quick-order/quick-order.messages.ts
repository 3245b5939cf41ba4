import { defineMessages } from '../../i18n';

/** Quick order's line statuses and errors (keys are the codes), in the language of the request. */
export const QUICK_ORDER_MESSAGES = defineMessages({
  nl: {
    unknown_article: (p: { article: string; line: number }) => `Regel ${p.line}: artikel ${p.article} kennen we niet.`,
    not_orderable: (p: { sku: string }) => `Artikel ${p.sku} wordt niet meer verkocht.`,
    price_on_request: (p: { sku: string }) => `Artikel ${p.sku} heeft nog geen prijs voor je: vraag een prijs aan.`,
    below_minimum: (p: { sku: string; minimum: number }) => `Artikel ${p.sku} wordt verkocht vanaf ${p.minimum} stuks.`,
    no_quantity: (p: { line: number }) => `Regel ${p.line}: geef een aantal op.`,
    unreadable: (p: { line: number }) => `Regel ${p.line} konden we niet lezen als artikelnummer en aantal.`,
    too_many: (p: { sku: string; max: number }) => `Er passen maximaal ${p.max} stuks van artikel ${p.sku} op één bestelregel.`,
    merged: (p: { lines: string }) => `Regels ${p.lines} gaan over hetzelfde artikel en zijn samengevoegd.`,
    too_many_lines: (p: { max: number }) => `Je kunt maximaal ${p.max} regels tegelijk bestellen.`,
    unreadable_file: 'Dit bestand konden we niet lezen. Gebruik een CSV- of Excel-bestand (.xlsx) zoals het voorbeeld.',
    file_too_large: (p: { max: string }) => `Een bestand mag maximaal ${p.max} groot zijn.`,
    sheet_too_large: (p: { lines: number; columns: number }) =>
      `Dit werkblad is te groot om te lezen. We lezen maximaal ${p.lines} regels en ${p.columns} kolommen: zet de artikelnummers en aantallen bovenaan in de eerste kolommen.`,
    empty_list: 'Er staat geen enkel artikel in de lijst.',
    example_header: 'Artikelnummer;Aantal',
  },
  en: {
    unknown_article: (p: { article: string; line: number }) => `Line ${p.line}: we do not know article ${p.article}.`,
    not_orderable: (p: { sku: string }) => `Article ${p.sku} is no longer sold.`,
    price_on_request: (p: { sku: string }) => `Article ${p.sku} has no price for you yet: ask for a price instead.`,
    below_minimum: (p: { sku: string; minimum: number }) => `Article ${p.sku} is sold from ${p.minimum} pieces.`,
    no_quantity: (p: { line: number }) => `Line ${p.line}: give a quantity.`,
    unreadable: (p: { line: number }) => `Line ${p.line} could not be read as an article number and a quantity.`,
    too_many: (p: { sku: string; max: number }) => `At most ${p.max} of article ${p.sku} fit on one order line.`,
    merged: (p: { lines: string }) => `Lines ${p.lines} are the same article and were merged.`,
    too_many_lines: (p: { max: number }) => `You can order at most ${p.max} lines at once.`,
    unreadable_file: 'This file could not be read. Use a CSV or Excel file (.xlsx) like the example.',
    file_too_large: (p: { max: string }) => `A file is at most ${p.max}.`,
    sheet_too_large: (p: { lines: number; columns: number }) =>
      `This sheet is too large to read. We read at most ${p.lines} lines and ${p.columns} columns: put the article numbers and quantities at the top of the first columns.`,
    empty_list: 'The list holds no article at all.',
    example_header: 'Article number;Quantity',
  },
});
