import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Product, ProductListResponse } from '../src/shared/api/catalog';
import type { PriceMutation } from '../src/shared/api/catalog-actions';
import { e2eDataDir } from './env';

/** Shared by the catalogue's browser specs (catalogue.spec.ts, catalogue-en.spec.ts). */

const OUTBOX = path.resolve(e2eDataDir, 'outbox');

/** Products as the logged-in user sees them, through the API with the page's own session. */
export async function productsAs(page: Page, query: Record<string, string> = {}, lang: 'nl' | 'en' = 'nl'): Promise<Product[]> {
  const params = new URLSearchParams({
    'filter[entity_type]': 'commerce_product',
    'page[limit]': '1000',
    'sort[artnr][path]': 'sku',
    ...query,
  });
  const res = await page.request.get(`/backend${lang === 'en' ? '/en' : ''}/jsonapi/index/products/?${params}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as ProductListResponse).data;
}

export const card = (page: Page, product: Product) => page.getByRole('article', { name: product.title, exact: true });

/** Products whose title no other product of `all` shares, so that `card` finds exactly one. */
export const uniquelyNamed = (all: readonly Product[]) => all.filter((p) => all.filter((q) => q.title === p.title).length === 1);

/** The body of a single-part text mail, decoded (the shop's mails are quoted-printable UTF-8). */
function mailText(raw: string): string {
  const message = raw.replace(/\r\n/g, '\n');
  const split = message.indexOf('\n\n');
  const head = message.slice(0, split);
  const body = message.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding:\s*(.*)$/im.exec(head)?.[1]?.trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  return Buffer.from(
    body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The decoded texts of the outbox's .eml files written since `since` (ms). */
export function mailsSince(since: number): string[] {
  try {
    return readdirSync(OUTBOX)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => path.join(OUTBOX, f))
      .filter((file) => statSync(file).mtimeMs >= since)
      .map((file) => mailText(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}

/** The upcoming price mutations of `products` for the logged-in user, in English. */
export async function upcomingMutationsAs(page: Page, products: readonly Product[]): Promise<{ product: string; mutation: PriceMutation }[]> {
  const res = await page.request.post('/backend/en/api/upcoming-price-mutations', {
    data: { products: products.map((p) => p.id) },
    headers: { 'x-csrf-token': await page.evaluate(() => localStorage.getItem('csrf_token') ?? '') },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { product: string; mutation: PriceMutation }[] }).data;
}
