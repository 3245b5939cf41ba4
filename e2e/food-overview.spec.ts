import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Download, expect, type Page, test } from '@playwright/test';

import { signIn } from './fixtures';
import { orderAs, ordersAs } from './orders-support';

/**
 * Issue 19 points 5 and 9: the allergen overview downloaded from the card on My orders, in Dutch
 * (demo) and English (demo-en), as the browser saves it: the PDF is a PDF of some size, the CSV
 * has its header in the page's language and a row for every product the customer ordered in the
 * default period (the last 90 days), and the card is axe clean. Only looks, changes nothing.
 */

const TEXTS = {
  nl: {
    account: 'demo',
    card: 'Allergenenoverzicht',
    downloads: 'Allergenenoverzicht downloaden',
    pdf: 'PDF (afdrukken)',
    file: /^allergenenoverzicht.*\.pdf$/,
    csvFile: /^allergenenoverzicht.*\.csv$/,
    header: ['Artikelnummer', 'Productnaam', 'Wettelijke benaming', 'Glutenbevattende granen'],
    ingredients: 'Ingrediënten',
  },
  en: {
    account: 'demo-en',
    card: 'Allergen overview',
    downloads: 'Download the allergen overview',
    pdf: 'PDF (to print)',
    file: /^allergen-overview.*\.pdf$/,
    csvFile: /^allergen-overview.*\.csv$/,
    header: ['Article number', 'Product', 'Legal name', 'Cereals containing gluten'],
    ingredients: 'Ingredients',
  },
} as const;

/** What the saved file holds. */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

/** The article numbers the user ordered in the last `days` days (canceled orders aside), from their orders through the API. */
async function orderedSkus(page: Page, days: number): Promise<Set<string>> {
  const since = Date.now() - days * 24 * 3600 * 1000;
  const skus = new Set<string>();
  for (let pageNumber = 1; ; pageNumber++) {
    const list = await ordersAs(page, pageNumber, 50);
    const recent = list.data.filter((order) => new Date(order.placed).getTime() >= since);
    for (const listed of recent.filter((order) => order.state !== 'canceled')) {
      for (const item of (await orderAs(page, listed.id, 'nl')).order_items) {
        if (item.purchased_entity?.sku) skus.add(item.purchased_entity.sku);
      }
    }
    if (recent.length < list.data.length || list.data.length < 50) return skus;
  }
}

for (const lang of ['nl', 'en'] as const) {
  const t = TEXTS[lang];
  test(`downloads the allergen overview as PDF and CSV from My orders, axe clean (${lang})`, async ({ page }) => {
    await signIn(page, t.account, `/${lang}/account/orders`);
    const card = page.getByRole('region', { name: t.card });
    const links = card.getByRole('list', { name: t.downloads });
    await expect(links.getByRole('link')).toHaveCount(3);

    const [pdf] = await Promise.all([page.waitForEvent('download'), links.getByRole('link', { name: t.pdf }).click()]);
    expect(pdf.suggestedFilename()).toMatch(t.file);
    const pdfBytes = await bytesOf(pdf);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.length).toBeGreaterThan(5000);

    const [csv] = await Promise.all([page.waitForEvent('download'), links.getByRole('link', { name: 'CSV', exact: true }).click()]);
    expect(csv.suggestedFilename()).toMatch(t.csvFile);
    const lines = (await bytesOf(csv)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
    const header = lines[0]!.split(';');
    expect(header.slice(0, 4)).toEqual(t.header);
    expect(header).toHaveLength(3 + 14 + 1);
    expect(header.at(-1)).toBe(t.ingredients);
    // Every article number ordered well within the period has its row (a day's margin at the period's start).
    const ordered = await orderedSkus(page, 88);
    expect(ordered.size, `${t.account} ordered something in the last 90 days`).toBeGreaterThan(0);
    const rowSkus = new Set(lines.slice(1).flatMap((line) => line.split(';')[0]!.split(', ')));
    expect([...ordered].filter((sku) => !rowSkus.has(sku))).toEqual([]);

    const { violations } = await new AxeBuilder({ page }).include('[data-testid="food-overview"]').options({ resultTypes: ['violations'] }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
