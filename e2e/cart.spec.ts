import { expect, type Page, test } from '@playwright/test';
import type { Product } from '../src/shared/api/catalog';
import { cartAs, emptyCart } from './cart-support';
import { card, productsAs, uniquelyNamed } from './catalogue-support';
import { CART_SPEC_ACCOUNTS, signIn } from './fixtures';

/** A product on the first page of the assortment that sells from one piece at one price up to 20. */
async function simpleProduct(page: Page, lang: 'nl' | 'en'): Promise<Product> {
  const firstPage = await productsAs(page, { 'page[limit]': '15' }, lang);
  const product = uniquelyNamed(firstPage).find(
    (p) => p.scaled_prices.length === 1 && p.scaled_prices[0]?.quantity === 1 && Number(p.scaled_prices[0].price.number) < 20,
  );
  expect(product, 'the first page has a product sold per piece').toBeDefined();
  return product!;
}

const TEXTS = {
  nl: {
    add: (name: string) => `${name} in winkelwagen leggen`,
    added: 'Toegevoegd aan je winkelwagen',
    count: (n: number) => new RegExp(`${n} artikel(en)? in je winkelwagen`),
    title: 'Winkelwagen',
    columns: ['Omschrijving', 'Aantal', 'Prijs', 'Totaal'],
    more: (name: string) => `Eén ${name} meer`,
    less: (name: string) => `Eén ${name} minder`,
    quantity: (name: string) => `Aantal ${name}`,
    remove: (name: string) => `${name} uit je winkelwagen verwijderen`,
    banner: /Bestel nog voor €\s[\d.,]+ en we leveren gratis\./,
    empty: 'Je winkelwagen is leeg',
    pay: 'Naar betalen',
    shopping: 'Verder winkelen',
    vat: (percentage: number) => `Btw ${percentage}%`,
  },
  en: {
    add: (name: string) => `Add ${name} to cart`,
    added: 'Added to you cart',
    count: (n: number) => new RegExp(`${n} items? in your cart`),
    title: 'Cart',
    columns: ['Description', 'Qty', 'Price', 'Total'],
    more: (name: string) => `One more ${name}`,
    less: (name: string) => `One less ${name}`,
    quantity: (name: string) => `Quantity of ${name}`,
    remove: (name: string) => `Remove ${name} from your cart`,
    banner: /Add €\s[\d.,]+ more to your order for free delivery\./,
    empty: 'Cart is empty',
    pay: 'Go to payment',
    shopping: 'Continue shopping',
    vat: (percentage: number) => `VAT ${percentage}%`,
  },
} as const;

for (const lang of ['nl', 'en'] as const) {
  const tx = TEXTS[lang];

  test(`browse, add to the cart, change quantities and remove (${lang})`, async ({ page }) => {
    await signIn(page, CART_SPEC_ACCOUNTS[lang]);
    await emptyCart(page);
    const product = await simpleProduct(page, lang);
    const unit = product.scaled_prices[0]!.price;

    await page.goto(`/${lang}/assortment`);
    await card(page, product).getByRole('button', { name: tx.add(product.title) }).click();
    await expect(page.locator('.Toastify__toast--success').filter({ hasText: tx.added })).toBeVisible();
    await expect(page.getByRole('link', { name: tx.count(1) })).toBeVisible();

    await page.getByRole('link', { name: tx.count(1) }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/cart$`));
    await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
    for (const column of tx.columns) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    const line = page.getByRole('row').filter({ hasText: product.title });
    await expect(line).toContainText(product.sku);
    await expect(line).toContainText(unit.formatted);
    // The minus takes nothing off at 1.
    await expect(line.getByRole('button', { name: tx.less(product.title) })).toBeDisabled();

    await line.getByRole('button', { name: tx.more(product.title) }).click();
    await expect(line.getByLabel(tx.quantity(product.title))).toHaveValue('2');
    await expect(page.getByRole('link', { name: tx.count(2) })).toBeVisible();
    await line.getByRole('button', { name: tx.less(product.title) }).click();
    await expect(line.getByLabel(tx.quantity(product.title))).toHaveValue('1');

    const field = line.getByLabel(tx.quantity(product.title));
    await field.fill('3');
    await field.press('Enter');
    await expect(page.getByRole('link', { name: tx.count(3) })).toBeVisible();
    const cart = await cartAs(page);
    expect(cart?.order_items[0]).toMatchObject({ quantity: '3' });
    await expect(line).toContainText(cart!.order_items[0]!.total_price.formatted);

    // The side panel: subtotal, VAT, total; the banner with what is left to free delivery.
    const totals = page.locator('.cart-totals');
    await expect(totals).toContainText(cart!.order_total.subtotal.formatted);
    await expect(totals).toContainText(cart!.total_price.formatted);
    // Every VAT rate of the cart, with its amount (a product sold per piece always has one).
    const taxes = cart!.order_total.adjustments.filter((a) => a.type === 'tax');
    expect(taxes.length, 'the cart has VAT').toBeGreaterThan(0);
    for (const tax of taxes) {
      const percentage = Math.round(Number(tax.percentage) * 10_000) / 100;
      await expect(totals.locator('[data-adjustment="tax"]').filter({ hasText: tx.vat(percentage) })).toContainText(tax.amount.formatted);
    }
    await expect(page.locator('.free-delivery-banner')).toHaveText(tx.banner);
    await expect(page.locator('.free-delivery-banner')).toContainText(cart!.free_delivery!.remaining.formatted);

    await expect(page.getByRole('link', { name: tx.pay })).toHaveAttribute('href', `/${lang}/cart/checkout`);

    await line.getByRole('button', { name: tx.remove(product.title) }).click();
    await expect(page.getByText(tx.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: tx.count(0) })).toBeVisible();
    expect((await cartAs(page))?.order_items ?? []).toEqual([]);

    await page.getByRole('link', { name: tx.shopping }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/assortment`));
  });
}
