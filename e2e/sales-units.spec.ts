import { expect, test } from '@playwright/test';

import type { Product } from '../src/shared/api/catalog';
import { cartAs } from './cart-support';
import { card, productsAs, uniquelyNamed } from './catalogue-support';
import { expectAccessible } from './axe';
import { signIn } from './fixtures';

/**
 * Sales units and order multiples (decision 029) as `demo` (Dutch) and `demo-en` (English) see them
 * on the first page of the assortment: a case of tortillas with its price per piece, and tortillas
 * per pack in multiples of 6 whose quantity steps by 6, whose typed 7 is kept with 12 offered, and
 * which the server refuses to add as 7. Nothing is added to the cart (other specs use these carts).
 */

const TEXTS = {
  nl: {
    account: 'demo',
    units: { case: 'doos', pack: 'pak', piece: 'stuk' },
    prices: 'Prijzen',
    quantityOf: (name: string) => `Aantal van ${name}`,
    more: '6 meer',
    fewer: '6 minder',
    add: (name: string) => `${name} in winkelwagen leggen`,
    notMultiple: '7 is geen veelvoud van 6.',
    offerFor: (name: string) => `Bestel 12 van ${name} (veelvoud van 6)`,
    offer: 'Bestel 12 (veelvoud van 6)',
    hint: 'Bestellen per 6',
    refused: (sku: string) => `Artikel ${sku} bestel je in veelvouden van 6: 7 kan niet, 12 wel.`,
  },
  en: {
    account: 'demo-en',
    units: { case: 'case', pack: 'pack', piece: 'piece' },
    prices: 'Prices',
    quantityOf: (name: string) => `Quantity of ${name}`,
    more: '6 more',
    fewer: '6 fewer',
    add: (name: string) => `Add ${name} to cart`,
    notMultiple: '7 is not a multiple of 6.',
    offerFor: (name: string) => `Order 12 of ${name} (multiple of 6)`,
    offer: 'Order 12 (multiple of 6)',
    hint: 'Order in multiples of 6',
    refused: (sku: string) => `Article ${sku} is sold in multiples of 6: 7 is not one, 12 is.`,
  },
} as const;

/** An amount as the server formats it, for a regular expression (Intl writes a no-break space). */
const amount = (formatted: string) => formatted.replace(/\s/g, '\\s').replace(/[.]/g, '\\.');

for (const lang of ['nl', 'en'] as const) {
  const tx = TEXTS[lang];

  test(`a product in multiples of 6 steps by 6, offers 12 for a typed 7 and is refused as 7; a case shows its price per piece (${lang})`, async ({ page }) => {
    await signIn(page, tx.account, `/${lang}/assortment`);
    const firstPage = uniquelyNamed(await productsAs(page, { 'page[limit]': '15' }, lang));
    const inSixes = firstPage.find((p) => p.sales_unit.multiple === 6 && !p.price_on_request && p.minimum_quantity <= 6);
    const boxed = firstPage.find((p): p is Product & { price: NonNullable<Product['price']>; price_per_piece: NonNullable<Product['price_per_piece']> } => p.sales_unit.code === 'case' && p.price !== null && p.price_per_piece !== null);
    if (!inSixes || !boxed) throw new Error('the first page of the demo assortment lacks a product in multiples of 6 or a case with a price per piece');

    // The case: its content and "€ 23,90 / doos · € 0,08 / stuk".
    const caseInfo = card(page, boxed).getByTestId('sales-unit-info');
    await expect(caseInfo).toContainText(boxed.sales_unit.content ?? 'missing');
    await expect(caseInfo).toContainText(new RegExp(`${amount(boxed.price.formatted)} / ${tx.units.case}.*${amount(boxed.price_per_piece.formatted)} / ${tx.units.piece}`));

    // The pack in sixes: starts at 6, steps by 6.
    const pack = card(page, inSixes);
    await expect(pack.getByTestId('sales-unit-info')).toContainText(tx.hint);
    await expect(pack.getByRole('list', { name: tx.prices })).toContainText(`/ ${tx.units.pack}`);
    const field = pack.getByRole('spinbutton', { name: tx.quantityOf(inSixes.title) });
    await expect(field).toHaveValue('6');
    await pack.getByRole('button', { name: tx.more }).click();
    await expect(field).toHaveValue('12');
    await pack.getByRole('button', { name: tx.fewer }).click();
    await expect(field).toHaveValue('6');

    // A typed 7 stays 7; the next multiple is offered, and adding sends nothing but points at the offer.
    let adds = 0;
    page.on('request', (request) => {
      if (request.url().includes('/cart/add')) adds += 1;
    });
    await field.fill('7');
    await field.blur();
    await expect(field).toHaveValue('7');
    await expect(pack.getByTestId('multiple-offer')).toContainText(tx.notMultiple);
    const offer = pack.getByRole('button', { name: tx.offerFor(inSixes.title) });
    await expect(offer).toHaveText(tx.offer);
    await expectAccessible(page, 'the card of a product sold in sixes', { within: `article[aria-labelledby="product-${inSixes.id}-name"]` });
    await pack.getByRole('button', { name: tx.add(inSixes.title) }).click();
    await expect(offer).toBeFocused();
    expect(adds).toBe(0);

    // At phone width the card with its offer fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await pack.scrollIntoViewIfNeeded();
    await expect(offer).toBeVisible();
    const box = await pack.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    await offer.click();
    await expect(field).toHaveValue('12');
    await expect(pack.getByTestId('multiple-offer')).toHaveCount(0);

    // The server refuses 7 in the customer's language and stores nothing.
    const packLine = async () => (await cartAs(page))?.order_items.find((item) => item.purchased_entity.sku === inSixes.sku)?.quantity ?? null;
    const before = await packLine();
    const token = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
    const refused = await page.request.post(`/backend${lang === 'en' ? '/en' : ''}/cart/add?_format=json`, {
      headers: { 'X-CSRF-Token': token },
      data: [{ purchased_entity_type: 'commerce_product_variation', purchased_entity_id: inSixes.variations[0]!.drupal_internal__variation_id, quantity: 7, combine: true }],
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'not_multiple', message: tx.refused(inSixes.sku) });
    expect(await packLine()).toBe(before);

    // The product page starts at 6 and says it is ordered per 6.
    await page.goto(`/${lang}/assortment/${inSixes.id}`);
    await expect(page.getByRole('heading', { level: 1, name: inSixes.title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('spinbutton', { name: tx.quantityOf(inSixes.title) })).toHaveValue('6');
    await expect(page.getByRole('main').getByTestId('sales-unit-info')).toContainText(tx.hint);
  });
}
