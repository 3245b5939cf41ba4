import { expect, test } from '@playwright/test';
import { card, productsAs } from './catalogue-support';
import { expectAccessible } from './axe';
import { signIn } from './fixtures';

/**
 * Issue 19: the Food information tab of the product page in Dutch and English, axe clean, with
 * the demo data's food information (wheat tortillas contain gluten, tools have none), and the
 * food marks on the product cards. Only looks (demo, demo-en), changes nothing.
 */

const TEXTS = {
  nl: { account: 'demo', tab: 'Voedingsinformatie', flour: /Tarwetortilla/, press: /Tortillapers/, allergens: 'Allergenen', gluten: 'Glutenbevattende granen', contains: 'Bevat', none: 'Voor dit product is geen voedingsinformatie beschikbaar.', marks: 'Bewaren en dieet', nutrition: 'Voedingswaarde' },
  en: { account: 'demo-en', tab: 'Food information', flour: /Flour tortillas/, press: /Tortilla press/i, allergens: 'Allergens', gluten: 'Cereals containing gluten', contains: 'Contains', none: 'No food information available for this product.', marks: 'Storage and diet', nutrition: 'Nutrition declaration' },
} as const;

for (const lang of ['nl', 'en'] as const) {
  const text = TEXTS[lang];
  test(`opens the food information of a wheat tortilla and of a tool, axe clean (${lang})`, async ({ page }) => {
    await signIn(page, text.account);
    const all = await productsAs(page, {}, lang);
    const flour = all.find((p) => text.flour.test(p.title));
    const press = all.find((p) => text.press.test(p.title));
    if (!flour || !press) throw new Error('the demo data has no wheat tortilla or tortilla press');
    expect(press.food_marks).toEqual({ storage: null, diets: [] });

    await page.goto(`/${lang}/assortment/${flour.id}`);
    await expect(page.getByRole('heading', { level: 1, name: flour.title })).toBeVisible();
    await page.getByRole('tab', { name: text.tab }).click();
    const panel = page.getByRole('tabpanel', { name: text.tab });
    const allergens = panel.getByRole('table', { name: text.allergens });
    await expect(allergens.getByRole('row')).toHaveCount(15);
    await expect(allergens.getByRole('row', { name: new RegExp(`^${text.gluten}`) })).toContainText(text.contains);
    await expect(panel.getByRole('table', { name: text.nutrition })).toBeVisible();
    await expectAccessible(page, `the food information tab (${lang})`, { within: '.product-detail-tabs' });

    await page.goto(`/${lang}/assortment/${press.id}`);
    await expect(page.getByRole('heading', { level: 1, name: press.title })).toBeVisible();
    await page.getByRole('tab', { name: text.tab }).click();
    await expect(page.getByRole('tabpanel', { name: text.tab })).toContainText(text.none);
  });

  test(`shows the storage type and diet marks on the product cards (${lang})`, async ({ page }) => {
    await signIn(page, text.account);
    const [first] = (await productsAs(page, { 'page[limit]': '15' }, lang)).filter((p) => p.food_marks.storage !== null);
    if (!first) throw new Error('no product with food marks on the first page');
    await page.goto(`/${lang}/assortment`);
    const marks = card(page, first).getByRole('list', { name: text.marks });
    await expect(marks.getByRole('listitem')).toHaveCount(1 + first.food_marks.diets.length);
    await expectAccessible(page, `the product cards (${lang})`, { within: '.product-card' });
  });
}
