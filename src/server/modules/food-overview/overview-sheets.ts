import ExcelJS from 'exceljs';
import { ALLERGENS, type AllergenLevel } from '../../../shared/api/food';
import { csvFile } from '../../csv';
import { speakerIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { formatDay, type OverviewRow, type Period } from './food-overview';
import { FOOD_OVERVIEW_MESSAGES } from './food-overview.messages';

/** What the overview's documents show: the rows and their heading. */
export interface OverviewDocument {
  lang: Lang;
  shopName: string;
  relationName: string;
  period: Pick<Period, 'from' | 'to'>;
  /** The day it was made, YYYY-MM-DD (Amsterdam). */
  madeOn: string;
  rows: OverviewRow[];
}

/** The word of a level; unknown is its own word, never "free of". */
export function levelWord(level: AllergenLevel | null, lang: Lang): string {
  return speakerIn(lang, FOOD_OVERVIEW_MESSAGES)(level ?? 'unknown');
}

/** The table as text cells: a header and one row per product, one column per allergen. */
export function overviewTable(doc: OverviewDocument): string[][] {
  const say = speakerIn(doc.lang, FOOD_OVERVIEW_MESSAGES);
  const header = [say('article'), say('name'), say('legal_name'), ...ALLERGENS.map((a) => say(`allergen_${a}`)), say('ingredients')];
  const rows = doc.rows.map((row) => [
    row.skus.join(', '),
    row.name,
    row.legalName ?? '',
    ...row.allergens.map((a) => levelWord(a.level, doc.lang)),
    row.ingredients ? row.ingredients.map((r) => r.text).join('') : say('ingredients_unknown'),
  ]);
  return [header, ...rows];
}

/** Semicolon-separated with a BOM and CRLF lines: what Excel in the Netherlands opens as columns. */
export function overviewCsv(doc: OverviewDocument): Buffer {
  const [header, ...rows] = overviewTable(doc);
  return Buffer.from(csvFile(header!, rows), 'utf8');
}

/** An Excel workbook: a heading of four lines, then the table with a frozen header row. */
export async function overviewXlsx(doc: OverviewDocument): Promise<Buffer> {
  const say = speakerIn(doc.lang, FOOD_OVERVIEW_MESSAGES);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = doc.shopName;
  const sheet = workbook.addWorksheet(say('sheet_name'), { pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  sheet.addRow([`${say('title')}: ${doc.shopName}`]).font = { bold: true, size: 14 };
  sheet.addRow([`${say('relation')}: ${doc.relationName}`]);
  sheet.addRow([say('period', { from: formatDay(doc.period.from, doc.lang), to: formatDay(doc.period.to, doc.lang) })]);
  sheet.addRow([say('made_on', { day: formatDay(doc.madeOn, doc.lang) })]);
  const [header, ...rows] = overviewTable(doc);
  const headerRow = sheet.addRow(header!);
  headerRow.font = { bold: true };
  headerRow.alignment = { wrapText: true, vertical: 'top' };
  for (const cells of rows) sheet.addRow(cells);
  sheet.views = [{ state: 'frozen', ySplit: headerRow.number, xSplit: 2 }];
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 14 : i === 1 ? 36 : i === 2 ? 28 : i === header!.length - 1 ? 80 : 13;
  });
  sheet.autoFilter = { from: { row: headerRow.number, column: 1 }, to: { row: headerRow.number, column: header!.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
