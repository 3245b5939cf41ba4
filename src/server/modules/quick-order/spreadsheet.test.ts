import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UnreadableFile, workbookAsText } from './spreadsheet';
import { orderWorkbook } from './test-workbooks';

/** What reading refused and why, or the text read. */
function read(file: Buffer): string {
  try {
    return workbookAsText(file);
  } catch (error) {
    if (error instanceof UnreadableFile) return `refused ${error.refusal}: ${error.message}`;
    throw error;
  }
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
/** A workbook zipped by fflate around the sheet XML given. */
function withSheet(sheetData: string, dimension = ''): Buffer {
  return Buffer.from(
    zipSync({
      'xl/workbook.xml': new TextEncoder().encode(`<workbook ${NS} xmlns:r="r"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      'xl/_rels/workbook.xml.rels': new TextEncoder().encode('<Relationships><Relationship Id="rId1" Target="/xl/worksheets/sheet1.xml"/></Relationships>'),
      'xl/worksheets/sheet1.xml': new TextEncoder().encode(`<worksheet ${NS}>${dimension}<sheetData>${sheetData}</sheetData></worksheet>`),
    }),
  );
}

describe('reading a workbook within bounds', () => {
  it('reads what exceljs writes: shared strings, numbers, formulas’ results, blank rows, only the first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bestelling');
    sheet.addRow(['Artikelnummer', 'Omschrijving', 'Aantal']);
    sheet.addRow([101002, 'Tortilla\tmaïs', 12]);
    sheet.addRow([]);
    sheet.addRow(['121001', 'Pers', { formula: '2*3', result: 6 }]);
    workbook.addWorksheet('Prijzen').addRow(['not read']);
    const text = read(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(text).toBe('Artikelnummer\tOmschrijving\tAantal\n101002\tTortilla maïs\t12\n\n121001\tPers\t6');
  });

  it('refuses a sheet whose dimension or cells go past 1001 rows or 10 columns; empty styled cells do not count', () => {
    expect(read(withSheet('<row r="1"><c r="A1"><v>1</v></c></row>', '<dimension ref="A1:XFD1"/>'))).toMatch(/^refused too_large/);
    expect(read(withSheet('<row r="1"><c r="K1"><v>1</v></c></row>'))).toMatch(/^refused too_large/);
    expect(read(withSheet('<row r="1002"><c r="A1002"><v>1</v></c></row>'))).toMatch(/^refused too_large/);
    expect(read(withSheet('<row r="1001"><c r="J1001"><v>7</v></c><c r="XFD1001" s="1"/></row>', '<dimension ref="A1:J1001"/>'))).toBe(`${'\n'.repeat(1000)}\t\t\t\t\t\t\t\t\t7`);
  });

  it('refuses archives that are not what their directory says', () => {
    const sound = orderWorkbook([['101002', 1]]);
    expect(read(sound)).toBe('101002\t1');
    // Bytes before the first entry that no entry of the directory holds.
    expect(read(Buffer.concat([Buffer.from('PK\u0003\u0004hidden'), sound]))).toMatch(/^refused unreadable/);
    // One byte of the sheet changed: the checksum no longer matches.
    const changed = Buffer.from(sound);
    const at = changed.indexOf('sheet1.xml') + 'sheet1.xml'.length + 2;
    changed[at] = changed[at]! ^ 0xff;
    expect(read(changed)).toMatch(/^refused unreadable/);
    expect(read(Buffer.from('not a zip at all'))).toBe('refused unreadable: not a zip archive');
    const crowded = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`x/${i}`, new Uint8Array(1)]));
    expect(read(Buffer.from(zipSync(crowded)))).toBe('refused unreadable: too many entries');
  });
});
