import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAs, signIn } from './fixtures';

const footer = (page: Page) => page.getByRole('contentinfo');

async function expectNoWcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('content pages', () => {
  test('the delivery terms link in the footer opens the Dutch page', async ({ page }) => {
    await loginAs(page, 'demo');
    await footer(page).getByRole('link', { name: 'Leveringsvoorwaarden' }).click();
    await expect(page).toHaveURL(/\/nl\/leveringsvoorwaarden$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leveringsvoorwaarden');
    await expect(page.getByRole('heading', { level: 2, name: 'Levertijd en leverdagen' })).toBeVisible();
    await expect(page.locator('.content-body')).toContainText('vóór 14.00 uur');
    await expect(page).toHaveTitle('Leveringsvoorwaarden | Casa Maíz');
    const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
    await expect(crumbs.getByRole('link', { name: 'Assortiment' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Leveringsvoorwaarden');
  });

  test('the delivery terms link in the footer opens the English page', async ({ page }) => {
    await loginAs(page, 'demo-en');
    await footer(page).getByRole('link', { name: 'Delivery terms' }).click();
    await expect(page).toHaveURL(/\/en\/delivery-terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery terms');
    await expect(page.getByRole('heading', { level: 2, name: 'Lead time and delivery days' })).toBeVisible();
    await expect(page.locator('.content-body')).toContainText('before 2 pm');
    await expect(page).toHaveTitle('Delivery terms | Casa Maíz');
  });

  test('the language switch on a content page shows the same page in English', async ({ page }) => {
    await signIn(page, 'demo', '/nl/over-ons');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/over-ons$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect(page.locator('.content-body')).toContainText('Since 1972');
  });

  for (const [lang, heading, home] of [
    ['nl', "Oeps! Het lijkt erop dat onze taco's van het menu zijn weggewandeld!", 'Naar de startpagina'],
    ['en', 'Oops! It seems our tacos wandered off the menu!', 'Go home'],
  ] as const) {
    test(`an unknown path shows the 404 page (${lang})`, async ({ page }) => {
      await signIn(page, lang === 'nl' ? 'demo' : 'demo-en', `/${lang}/geen-pagina-hier`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.getByRole('link', { name: home }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/assortment$`));
    });
  }

  for (const [path, title, account] of [
    ['/nl/leveringsvoorwaarden', 'Leveringsvoorwaarden', 'demo'],
    ['/en/about-us', 'About us', 'demo-en'],
    ['/nl/contact', 'Contact', 'demo'],
    ['/en/faq', 'Frequently asked questions', 'demo-en'],
  ] as const) {
    test(`${path} reads well on desktop and phone (screenshots, WCAG AA)`, async ({ page }, testInfo) => {
      test.slow(); // two viewports, four screenshots' worth of rendering and an axe run on shared cores
      await loginAs(page, account);
      for (const [device, size] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.locator('.content-body h2').first()).toBeVisible();
        const file = testInfo.outputPath(`${path.slice(1).replaceAll('/', '-')}-${device}.png`);
        await page.screenshot({ path: file, fullPage: device === 'desktop' });
        await testInfo.attach(`${path} ${device}`, { path: file, contentType: 'image/png' });
      }
      await expectNoWcagViolations(page);
    });
  }
});
