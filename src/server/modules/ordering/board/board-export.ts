import ExcelJS from 'exceljs';
import type { BoardExportFormat, StaffBoardOrder } from '../../../../shared/api/staff-orders';
import { amsterdamClock } from '../../../../shared/delivery-date';
import { csvFile } from '../../../csv';
import { speakerIn } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import { BOARD_MESSAGES } from './board.messages';

export interface BoardFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export const BOARD_EXPORT_TYPES: Record<BoardExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const amsterdamMinute = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** A moment as Amsterdam's 'YYYY-MM-DD HH:mm'. */
export const placedAtText = (iso: string) => amsterdamMinute.format(new Date(iso));

/** The export's columns: the header in the language and each order's cells (the total in cents, written per format). */
function table(orders: readonly StaffBoardOrder[], lang: Lang) {
  const say = speakerIn(lang, BOARD_MESSAGES);
  const header = ['order_number', 'placed_at', 'delivery_date', 'customer_number', 'customer_name', 'state', 'payment_method', 'payment_status', 'po_reference', 'total'] as const;
  const status = (s: string | null) => (s === 'paid' ? say('status_paid') : s === 'on_account' ? say('status_on_account') : (s ?? ''));
  const rows = orders.map((o) => ({
    texts: [
      o.order_number ?? '',
      placedAtText(o.placed_at),
      o.delivery_date ?? '',
      o.customer.erp_number,
      o.customer.name,
      say('state_name', { state: o.state }),
      // In the staff user's language; the order keeps its label in the customer's.
      o.payment_method.id === 'on_account' ? say('method_on_account') : o.payment_method.id === 'ideal' ? say('method_ideal') : (o.payment_method.label ?? o.payment_method.id ?? ''),
      status(o.payment_status),
      o.po_reference,
    ],
    cents: o.total_cents,
  }));
  return { header: header.map((key) => say(key)), rows };
}

/** Euros with two decimals, a decimal comma in Dutch. */
const euros = (cents: number, lang: Lang) => {
  const text = (cents / 100).toFixed(2);
  return lang === 'nl' ? text.replace('.', ',') : text;
};

/** Semicolon-separated with a BOM and CRLF lines (the shop's CSV), the total in euros as text. */
function csv(orders: readonly StaffBoardOrder[], lang: Lang): Buffer {
  const { header, rows } = table(orders, lang);
  return Buffer.from(csvFile(header, rows.map((r) => [...r.texts, euros(r.cents, lang)])), 'utf8');
}

/** An Excel workbook: the header row frozen and filtered, the total a number in euros. */
async function xlsx(orders: readonly StaffBoardOrder[], lang: Lang): Promise<Buffer> {
  const { header, rows } = table(orders, lang);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(speakerIn(lang, BOARD_MESSAGES)('sheet_name'));
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow([...row.texts, row.cents / 100]);
  const total = sheet.getColumn(header.length);
  total.numFmt = '#,##0.00';
  sheet.columns.forEach((column, i) => {
    column.width = [12, 17, 12, 12, 32, 16, 14, 16, 18, 16][i] ?? 14;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The board's filtered list as a download in the staff user's language, named by the day. */
export async function boardFile(orders: readonly StaffBoardOrder[], format: BoardExportFormat, lang: Lang, now: Date): Promise<BoardFile> {
  const fileName = `${speakerIn(lang, BOARD_MESSAGES)('file_name', { day: amsterdamClock(now).day })}.${format}`;
  const body = format === 'csv' ? csv(orders, lang) : await xlsx(orders, lang);
  return { body, contentType: BOARD_EXPORT_TYPES[format], fileName };
}
