// The costly requests of the abuse bench (scripts/bench-abuse.mjs), the files made here: a
// workbook of 400 rows with one cell each in column XFD (exceljs used to make every empty cell up
// to it), a workbook whose sheet inflates to 300 MB of spaces (a classic zip bomb), a CSV of one
// 2 MB line; and the allergen overview, quick-order previews of 1,000 lines, searches and
// suggestions with terms never asked before.
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { API, listPath } from './bench-lib.mjs';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEET = 'xl/worksheets/sheet1.xml';

async function wideRows() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bestelling');
  for (let row = 1; row <= 400; row++) sheet.getCell(row, 16_384).value = 'x';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A real workbook whose first sheet is replaced by one that inflates to `bytes` (mostly spaces). */
async function bomb(bytes) {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Bestelling').getCell(1, 1).value = '101001';
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const head = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  const tail = new TextEncoder().encode('</sheetData></worksheet>');
  const sheet = new Uint8Array(head.length + bytes + tail.length).fill(32);
  sheet.set(head, 0);
  sheet.set(tail, head.length + bytes);
  parts[SHEET] = sheet;
  return Buffer.from(zipSync(parts, { level: 9 }));
}

/** Article numbers and word starts the shop has not been asked before: each request its own. */
const freshTerm = (i) => `${['tor', 'sal', 'bon', 'jal', 'chi', 'nac', 'mai', 'teq'][i % 8]}${String.fromCharCode(97 + ((i >> 3) % 26))}${i}`;

/** The kinds, each with the request its client sends (the nth of the run). */
export async function abuseKinds() {
  const wide = await wideRows();
  const classic = await bomb(300 * 1024 * 1024);
  const line = Buffer.from(`${'1'.repeat(2 * 1024 * 1024 - 16)};1\n`);
  const list = Array.from({ length: 1000 }, (_, i) => `${101001 + (i % 400)};${1 + (i % 9)}`).join('\n');
  // The uploads last: a shop of before this issue may not survive them.
  return [
    { name: 'allergen overview, PDF', request: () => ({ path: '/food-overview?format=pdf' }) },
    { name: 'allergen overview, XLSX', request: () => ({ path: '/food-overview?format=xlsx' }) },
    { name: 'quick-order preview of 1,000 lines', request: () => ({ method: 'POST', path: '/quick-order/preview', body: JSON.stringify({ text: list }), type: 'application/json' }) },
    { name: 'search, a fresh term each', request: (i) => ({ path: listPath(0, 15, `&filter[fulltext]=${freshTerm(i)}`).slice(API.length) }) },
    { name: 'suggestions, a fresh term each', request: (i) => ({ path: `/api/search/suggestions?q=${freshTerm(i)}` }) },
    { name: 'upload: a CSV of one 2 MB line', request: () => ({ method: 'POST', path: '/quick-order/upload', body: line, type: 'text/csv' }) },
    { name: `upload: 400 rows in column XFD (${wide.length.toLocaleString('en-US')} bytes)`, request: () => ({ method: 'POST', path: '/quick-order/upload', body: wide, type: XLSX }) },
    { name: `upload: a sheet of 300 MB zipped (${classic.length.toLocaleString('en-US')} bytes)`, request: () => ({ method: 'POST', path: '/quick-order/upload', body: classic, type: XLSX }) },
  ];
}
