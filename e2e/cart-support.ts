import { expect, type Page } from '@playwright/test';
import type { CartResponse } from '../src/shared/api/cart';

/** Shared by the cart and checkout browser specs: the cart through the API with the page's own session. */

async function csrf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('csrf_token'));
  expect(token, 'a logged-in page keeps its CSRF token').toBeTruthy();
  return token ?? '';
}

export async function cartAs(page: Page): Promise<CartResponse[number] | null> {
  const res = await page.request.get('/backend/cart?_format=json');
  expect(res.status()).toBe(200);
  return ((await res.json()) as CartResponse)[0] ?? null;
}

/** Empties the user's cart, so a spec starts from nothing whatever ran before (--repeat-each). */
export async function emptyCart(page: Page): Promise<void> {
  const cart = await cartAs(page);
  if (!cart) return;
  const token = await csrf(page);
  for (const item of cart.order_items) {
    const res = await page.request.delete(`/backend/cart/${cart.order_id}/items/${item.order_item_id}?_format=json`, { headers: { 'X-CSRF-Token': token } });
    expect(res.status()).toBe(204);
  }
}

/** Adds lines (variation id → quantity) through POST /cart/add. */
export async function addToCartAs(page: Page, lines: Array<{ variationId: number; quantity: number }>): Promise<void> {
  const res = await page.request.post('/backend/cart/add?_format=json', {
    headers: { 'X-CSRF-Token': await csrf(page) },
    data: lines.map((l) => ({ purchased_entity_type: 'commerce_product_variation', purchased_entity_id: l.variationId, quantity: l.quantity, combine: true })),
  });
  expect(res.status(), await res.text()).toBe(200);
}
