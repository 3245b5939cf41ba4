import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3400';
const out = '/work/repro/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function session(user, lang, width) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, baseURL: base })).newPage();
  await page.goto('/user/login');
  await page.getByLabel(/^(Username|Gebruikersnaam)/).fill(user);
  await page.getByLabel(/^(Password|Wachtwoord)/).fill('demo1234');
  await page.getByRole('button', { name: /^(Login|Inloggen)$/ }).click();
  await page.waitForURL(/assortment/);
  return page;
}
for (const [user, lang, width] of [['demo', 'nl', 1280], ['demo-en', 'en', 1280], ['demo', 'nl', 375]]) {
  const page = await session(user, lang, width);
  const tag = `${lang}-${width}`;
  await page.goto(`/${lang}/quick-order`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/qo-empty-${tag}.png`, fullPage: true });
  // type an article
  const article = page.getByRole('combobox').first();
  await article.fill('tortilla');
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${out}/qo-suggest-${tag}.png`, fullPage: false });
  await page.keyboard.press('Escape');
  // paste
  const area = page.getByRole('textbox', { name: /Plak|Paste/ });
  await area.fill('Artikelnummer;Aantal\n101002;12\n121001 6\n999999;3\n141001;2\n101002;5\n131004\nhallo');
  await page.getByRole('button', { name: /Lijst controleren|Check list/ }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/qo-preview-${tag}.png`, fullPage: true });
  await page.getByRole('button', { name: /in winkelwagen leggen|to cart/ }).first().click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/qo-added-${tag}.png`, fullPage: true });
  await page.goto(`/${lang}/usual-products`);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/usual-${tag}.png`, fullPage: true });
  await page.goto(`/${lang}/account/orders`);
  await page.waitForTimeout(800);
  await page.getByRole('link', { name: /(bestelling|order) W/i }).first().click();
  await page.waitForTimeout(1000);
  const again = page.getByRole('button', { name: /Opnieuw bestellen|Order again/ }).first();
  await again.click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/order-again-${tag}.png`, fullPage: true });
  // empty the cart again
  await page.request.get(`/backend/cart?_format=json`);
}
await browser.close();
console.log('done');
