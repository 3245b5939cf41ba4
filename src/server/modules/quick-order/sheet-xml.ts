import path from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The few parts of a workbook that quick order reads, parsed as a stream of tags by saxes
 * (decision 032): which sheet comes first, the shared strings, and the first sheet's cells. Only
 * cells that hold something are kept, and only within `SheetBounds`; a cell or a dimension past
 * them refuses the sheet (`SheetTooLarge`) instead of growing a grid to fit it.
 */

export class SheetUnreadable extends Error {}
export class SheetTooLarge extends Error {}

export interface SheetBounds {
  rows: number;
  columns: number;
  /** A cell's text is cut here: a longer one makes its line unreadable anyway. */
  cellChars: number;
}

/** The tag's name without its namespace prefix (some writers put `x:` before every tag). */
const localName = (tag: SaxesTagPlain) => tag.name.slice(tag.name.indexOf(':') + 1);

/** Parses `xml`, calling `on` for each open and close tag and each piece of text. */
function parse(xml: string, on: { open?: (tag: SaxesTagPlain, name: string) => void; close?: (name: string) => void; text?: (text: string) => void }): void {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (on.open) parser.on('opentag', (tag) => on.open!(tag, localName(tag)));
  if (on.close) parser.on('closetag', (tag) => on.close!(localName(tag)));
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  parser.write(xml).close();
  if (failure) throw new SheetUnreadable(failure.message);
}

/** The path in the archive of the workbook's first sheet: workbook.xml's first <sheet>, through the relations. */
export function firstSheetPath(workbookXml: string, relationsXml: string): string | null {
  let firstId: string | undefined;
  parse(workbookXml, {
    open: (tag, name) => {
      if (name === 'sheet' && firstId === undefined) firstId = tag.attributes['r:id'] ?? Object.entries(tag.attributes).find(([key]) => key.endsWith(':id'))?.[1];
    },
  });
  if (firstId === undefined) return null;
  let target: string | undefined;
  parse(relationsXml, {
    open: (tag, name) => {
      if (name === 'Relationship' && tag.attributes.Id === firstId) target = tag.attributes.Target;
    },
  });
  if (target === undefined) throw new SheetUnreadable('the first sheet has no part');
  const inArchive = target.startsWith('/') ? path.posix.normalize(target.slice(1)) : path.posix.normalize(path.posix.join('xl', target));
  if (inArchive.startsWith('..')) throw new SheetUnreadable('the first sheet is outside the workbook');
  return inArchive;
}

/** The shared strings in order, each cut at `cellChars`; phonetic runs (<rPh>) are not text. */
export function sharedStrings(xml: string, cellChars: number): string[] {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  parse(xml, {
    open: (_tag, name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si' && current !== null) {
        strings.push(current);
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current !== null && current.length < cellChars) current = (current + text).slice(0, cellChars);
    },
  });
  return strings;
}

const CELL_REF = /^([A-Z]{1,3})(\d{1,7})$/;

function columnOf(letters: string): number {
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

function refOf(ref: string): { row: number; column: number } {
  const match = CELL_REF.exec(ref.replace(/\$/g, ''));
  if (!match) throw new SheetUnreadable(`a cell reference that is none: ${ref.slice(0, 20)}`);
  return { row: Number(match[2]), column: columnOf(match[1]!) };
}

/** A cell's value as the text a person sees, near enough for an article number or a quantity. */
function shownText(type: string, raw: string, strings: readonly string[]): string {
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? '';
    case 'b':
      return raw === '1' ? 'TRUE' : 'FALSE';
    case 'inlineStr':
    case 'str':
    case 'e':
      return raw;
    default: {
      const value = Number(raw);
      return raw.trim() !== '' && Number.isFinite(value) ? String(value) : raw;
    }
  }
}

/**
 * The sheet's rows as lines: row n is line n, its cells' text joined by tabs. A <dimension> or a
 * cell with a value past `bounds` refuses the sheet; empty cells (only a style) are skipped.
 */
export function sheetLines(xml: string, strings: readonly string[], bounds: SheetBounds): string[] {
  const rows = new Map<number, string[]>();
  let row = 0;
  let column = 0;
  let cell: { type: string; column: number; text: string } | null = null;
  let inValue = false;
  let phonetic = 0;
  const assertWithin = (r: number, c: number) => {
    if (r > bounds.rows || c > bounds.columns) throw new SheetTooLarge(`a cell past ${bounds.columns} columns or ${bounds.rows} rows`);
  };
  parse(xml, {
    open: (tag, name) => {
      if (name === 'dimension') {
        const last = (tag.attributes.ref ?? 'A1').split(':').pop()!;
        const { row: r, column: c } = refOf(last);
        assertWithin(r, c);
      } else if (name === 'row') {
        row = tag.attributes.r !== undefined ? Number(tag.attributes.r) : row + 1;
        if (!Number.isInteger(row) || row < 1) throw new SheetUnreadable('a row without a number');
        column = 0;
      } else if (name === 'c') {
        const ref = tag.attributes.r;
        column = ref !== undefined ? refOf(ref).column : column + 1;
        if (ref !== undefined && refOf(ref).row !== row) throw new SheetUnreadable('a cell outside its row');
        cell = { type: tag.attributes.t ?? 'n', column, text: '' };
      } else if (name === 'rPh') phonetic++;
      else if (cell && (name === 'v' || (name === 't' && phonetic === 0))) inValue = true;
    },
    close: (name) => {
      if (name === 'c' && cell) {
        const text = shownText(cell.type, cell.text, strings).replace(/[\t\r\n]+/g, ' ').trim().slice(0, bounds.cellChars);
        if (text !== '') {
          assertWithin(row, cell.column);
          const cells = rows.get(row) ?? [];
          cells[cell.column - 1] = text;
          rows.set(row, cells);
        }
        cell = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 'v' || name === 't') inValue = false;
    },
    text: (text) => {
      if (inValue && cell && cell.text.length < bounds.cellChars) cell.text = (cell.text + text).slice(0, bounds.cellChars);
    },
  });
  const lines: string[] = [];
  for (const [r, cells] of [...rows].sort(([a], [b]) => a - b)) {
    while (lines.length < r - 1) lines.push('');
    lines[r - 1] = Array.from(cells, (c) => c ?? '').join('\t');
  }
  return lines;
}
