import { ALLERGENS, type AllergenLevel } from '../../../shared/api/food';
import { speakerIn } from '../../i18n';
import { formatDay, type OverviewRow } from './food-overview';
import { FOOD_OVERVIEW_MESSAGES } from './food-overview.messages';
import type { OverviewDocument } from './overview-sheets';

/**
 * The allergen overview as a printable A4 PDF (pdfkit, no browser; decision 023): a heading (the
 * shop, the customer, the period, the day it was made), a legend, a table of products × the 14
 * allergens with a symbol per level (never colour alone), then each product's ingredients with
 * the allergens in bold; page numbers at the foot. The standard Helvetica fonts (no font files).
 * pdfkit is loaded on the first call, so it adds nothing to the server's start.
 */

/** The symbol of each level in the table; the legend names them. */
export const LEVEL_SYMBOLS: Record<AllergenLevel | 'unknown', string> = { contains: 'X', may_contain: '(X)', free: '–', unknown: '?' };
const symbolOf = (level: AllergenLevel | null) => LEVEL_SYMBOLS[level ?? 'unknown'];

const MARGIN = 40;
const FOOT = 30;
const ARTICLE_WIDTH = 50;
const NAME_WIDTH = 157;
const CELL_WIDTH = 22;
const HEADER_HEIGHT = 104;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Pdf = PDFKit.PDFDocument;
type Say = ReturnType<typeof speakerIn<(typeof FOOD_OVERVIEW_MESSAGES)['en']>>;

function bottomOf(pdf: Pdf): number {
  return pdf.page.height - MARGIN - FOOT;
}

/** The table's header: article, product, and the allergen names turned upright. */
function tableHeader(pdf: Pdf, say: Say): void {
  const top = pdf.y;
  const base = top + HEADER_HEIGHT;
  pdf.font(BOLD).fontSize(7.5);
  pdf.text(say('article_short'), MARGIN + 2, base - 10, { width: ARTICLE_WIDTH - 4, lineBreak: false });
  pdf.text(say('name'), MARGIN + ARTICLE_WIDTH + 2, base - 10, { width: NAME_WIDTH - 4, lineBreak: false });
  ALLERGENS.forEach((allergen, i) => {
    const x = MARGIN + ARTICLE_WIDTH + NAME_WIDTH + i * CELL_WIDTH + (CELL_WIDTH - 8) / 2;
    pdf.save();
    pdf.rotate(-90, { origin: [x, base - 3] });
    pdf.text(say(`allergen_${allergen}`), x, base - 3, { width: HEADER_HEIGHT - 6, lineBreak: false });
    pdf.restore();
  });
  pdf.moveTo(MARGIN, base).lineTo(pdf.page.width - MARGIN, base).lineWidth(0.8).strokeColor('#000').stroke();
  pdf.x = MARGIN;
  pdf.y = base + 2;
}

function tableRow(pdf: Pdf, row: OverviewRow, shade: boolean): void {
  pdf.fontSize(8);
  const article = row.skus.join(', ');
  const height = Math.max(pdf.font(REGULAR).heightOfString(article, { width: ARTICLE_WIDTH - 4 }), pdf.heightOfString(row.name, { width: NAME_WIDTH - 4 })) + 4;
  const top = pdf.y;
  const width = pdf.page.width - 2 * MARGIN;
  if (shade) pdf.rect(MARGIN, top - 1, width, height).fillColor('#eeeeee').fill();
  pdf.fillColor('#000');
  pdf.text(article, MARGIN + 2, top + 1, { width: ARTICLE_WIDTH - 4 });
  pdf.text(row.name, MARGIN + ARTICLE_WIDTH + 2, top + 1, { width: NAME_WIDTH - 4 });
  row.allergens.forEach(({ level }, i) => {
    const x = MARGIN + ARTICLE_WIDTH + NAME_WIDTH + i * CELL_WIDTH;
    pdf.font(level === 'contains' ? BOLD : REGULAR).text(symbolOf(level), x, top + 1, { width: CELL_WIDTH, align: 'center', lineBreak: false });
  });
  pdf.moveTo(MARGIN, top + height - 1).lineTo(MARGIN + width, top + height - 1).lineWidth(0.3).strokeColor('#999').stroke();
  pdf.x = MARGIN;
  pdf.y = top + height;
}

function heading(pdf: Pdf, doc: OverviewDocument, say: Say): void {
  pdf.font(BOLD).fontSize(16).text(doc.shopName);
  pdf.fontSize(13).text(say('title'));
  pdf.moveDown(0.3).font(REGULAR).fontSize(10);
  pdf.text(`${say('relation')}: ${doc.relationName}`);
  pdf.text(say('period', { from: formatDay(doc.period.from, doc.lang), to: formatDay(doc.period.to, doc.lang) }));
  pdf.text(say('made_on', { day: formatDay(doc.madeOn, doc.lang) }));
  pdf.moveDown(0.3).fontSize(8.5).fillColor('#333').text(say('subtitle')).fillColor('#000');
  pdf.moveDown(0.5).font(BOLD).fontSize(8.5).text(`${say('legend')}: `, { continued: true }).font(REGULAR);
  const levels = ['contains', 'may_contain', 'free', 'unknown'] as const;
  pdf.text(levels.map((level) => `${LEVEL_SYMBOLS[level]} = ${say(level)}`).join('   ·   '));
  pdf.fontSize(8).text(say('legend_note'));
  pdf.moveDown(0.8);
}

function ingredientsOf(pdf: Pdf, row: OverviewRow, say: Say): void {
  if (pdf.y > bottomOf(pdf) - 40) pdf.addPage();
  pdf.font(BOLD).fontSize(9).text(`${row.name} (${row.skus.join(', ')})`);
  pdf.fontSize(8.5);
  if (row.legalName) pdf.font(REGULAR).text(`${say('legal_name')}: ${row.legalName}`);
  if (!row.ingredients) {
    pdf.font(REGULAR).text(say('ingredients_unknown'));
  } else {
    pdf.font(REGULAR).text(`${say('ingredients')}: `, { continued: true });
    row.ingredients.forEach((run, i) => {
      pdf.font(run.bold ? BOLD : REGULAR).text(run.text, { continued: i < row.ingredients!.length - 1 });
    });
  }
  pdf.moveDown(0.6);
}

/** The PDF of the overview. */
export async function overviewPdf(doc: OverviewDocument): Promise<Buffer> {
  const say = speakerIn(doc.lang, FOOD_OVERVIEW_MESSAGES);
  // Loaded with the first overview, not with the server (pdfkit and fontkit take a while to load).
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOT },
    bufferPages: true,
    lang: doc.lang === 'en' ? 'en-GB' : 'nl-NL',
    info: { Title: `${say('title')} ${doc.relationName}`, Author: doc.shopName, Subject: say('title') },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  heading(pdf, doc, say);
  if (doc.rows.length === 0) {
    pdf.font(REGULAR).fontSize(10).text(say('nothing_bought'));
  } else {
    tableHeader(pdf, say);
    doc.rows.forEach((row, i) => {
      pdf.fontSize(8);
      const needed = pdf.font(REGULAR).heightOfString(row.name, { width: NAME_WIDTH - 4 }) + 6;
      if (pdf.y + needed > bottomOf(pdf)) {
        pdf.addPage();
        tableHeader(pdf, say);
      }
      tableRow(pdf, row, i % 2 === 1);
    });
    pdf.addPage();
    pdf.font(BOLD).fontSize(13).text(say('ingredients'));
    pdf.moveDown(0.5);
    for (const row of doc.rows) ingredientsOf(pdf, row, say);
  }

  // Page numbers and the heading's essentials at the foot of every page.
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - 10;
    pdf.font(REGULAR).fontSize(7.5).fillColor('#333');
    pdf.text(`${doc.shopName} · ${say('title')} · ${doc.relationName}`, MARGIN, y, { width: pdf.page.width - 2 * MARGIN, align: 'left', lineBreak: false });
    pdf.text(say('page', { page: i - start + 1, pages: count }), MARGIN, y, { width: pdf.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
