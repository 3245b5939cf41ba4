import { readFile } from 'node:fs/promises';

import { type Download, expect, test } from '@playwright/test';

import { expectAccessible } from './axe';
import { signIn } from './fixtures';

const TEXTS = {
  nl: {
    nav: 'Beheer',
    runs: 'ERP-imports',
    result: 'Resultaat',
    withErrors: 'Met fouten',
    failed: 'Mislukt',
    refusedLines: 'Het bestand had fouten op 3 regels; er is niets van overgenomen.',
    failedTitle: 'Deze import is mislukt',
    empty: 'Het bestand was leeg.',
    download: 'Fouten downloaden (CSV)',
    errorsHeader: 'Regel;Veld;Melding',
    audit: 'Logboek',
    what: 'Wat',
    importRun: 'ERP-import',
    apply: 'Toon',
    export: 'Exporteren (CSV)',
    auditHeader: 'Wie;Medewerker achter inloggen als klant;Entiteit;Kenmerk;Actie;Voor;Na;Reden;Tijdstip (Amsterdam);IP-adres',
    auditFile: /^logboek-\d{4}-\d{2}-\d{2}\.csv$/,
    refusedAction: 'ERP-import geweigerd (fouten)',
  },
  en: {
    nav: 'Staff area',
    runs: 'ERP imports',
    result: 'Result',
    withErrors: 'With errors',
    failed: 'Failed',
    refusedLines: 'The file had errors on 3 lines; nothing of it was taken over.',
    failedTitle: 'This import failed',
    empty: 'The file was empty.',
    download: 'Download the errors (CSV)',
    errorsHeader: 'Line;Field;Message',
    audit: 'Audit log',
    what: 'What',
    importRun: 'ERP import',
    apply: 'Show',
    export: 'Export (CSV)',
    auditHeader: 'Who;Staff behind a masquerade;Entity;Id;Action;Before;After;Reason;When (Amsterdam);IP address',
    auditFile: /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/,
    refusedAction: 'ERP import refused (errors)',
  },
} as const;

async function linesOf(download: Download): Promise<string[]> {
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).split('\r\n').filter((line) => line !== '');
}

for (const lang of ['nl', 'en'] as const) {
  const t = TEXTS[lang];

  test(`staff open the import runs, the run with errors and its CSV, and a failed run (${lang})`, async ({ page }) => {
    await signIn(page, 'staff', `/${lang}/staff`);
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.runs }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.runs })).toBeVisible();
    const table = page.getByRole('region', { name: lang === 'nl' ? 'ERP-imports, de nieuwste eerst' : 'ERP imports, newest first' });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await expectAccessible(page, `the import runs (${lang})`, { everyRule: true });

    await page.getByLabel(t.result).selectOption({ label: t.withErrors });
    await expect(page).toHaveURL(/result=with_errors/);
    await expect(table.getByRole('row').nth(1)).toContainText(t.withErrors);
    await table.getByRole('row').nth(1).getByRole('link').click();
    await expect(page.getByRole('alert')).toHaveText(t.refusedLines);
    const errors = page.getByRole('region', { name: lang === 'nl' ? 'Fouten per regel' : 'Errors per line' });
    await expect(errors.getByRole('row')).toHaveCount(5);
    await expect(errors).toContainText('names article number 880999, which is not in the shop');
    await expectAccessible(page, `a run with errors (${lang})`, { everyRule: true });

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.download }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^import-run-\d+-prices-errors\.csv$/);
    const lines = await linesOf(csv);
    expect(lines[0]).toBe(t.errorsHeader);
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 2).join(';'))).toEqual(['18;price', '233;sku', '233;valid_from', '871;price_list']);

    await page.goBack();
    await page.getByLabel(t.result).selectOption({ label: t.failed });
    await expect(page).toHaveURL(/result=failed/);
    await expect(table.getByRole('row')).toHaveCount(3);
    await table.getByRole('row').nth(1).getByRole('link').click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: t.failedTitle })).toBeVisible();
    await expect(alert).toContainText(t.empty);
    await expect(alert).toContainText('(file) has no rows');
  });

  test(`staff filter the audit log by entity and export it (${lang})`, async ({ page }) => {
    await signIn(page, 'staff', `/${lang}/staff`);
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.audit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.audit })).toBeVisible();
    await page.getByLabel(t.what).selectOption({ label: t.importRun });
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(/entity=import_run/);
    const log = page.getByRole('region', { name: lang === 'nl' ? 'Logboek, de nieuwste eerst' : 'Audit log, newest first' });
    await expect(log.getByRole('row').filter({ hasText: t.refusedAction })).toHaveCount(1);
    for (const row of (await log.getByRole('row').all()).slice(1)) await expect(row).toContainText(t.importRun);
    await expectAccessible(page, `the audit log filtered (${lang})`, { everyRule: true });

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.export }).click()]);
    expect(csv.suggestedFilename()).toMatch(t.auditFile);
    const lines = await linesOf(csv);
    expect(lines[0]).toBe(t.auditHeader);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines.slice(1)) expect(line.split(';')[2]).toBe('import_run');
  });
}

test('the audit log is usable on a phone (nl)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'orderdesk', '/nl/staff/audit?entity=import_run');
  await expect(page.getByRole('heading', { level: 1, name: 'Logboek' })).toBeVisible();
  // On a phone the entries are a list, one item each (filtered: other tests write entries meanwhile).
  await expect(page.getByRole('list', { name: 'Logboek, de nieuwste eerst' }).getByRole('listitem').first()).toContainText('ERP-import');
  await expect(page.getByRole('region', { name: 'Logboek, de nieuwste eerst' })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the audit log on a phone (nl)', { everyRule: true });
});

test('a run with errors is usable on a phone (nl)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff', '/nl/staff/import-runs?result=with_errors');
  await page.getByRole('region', { name: 'ERP-imports, de nieuwste eerst' }).getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'a run with errors on a phone (nl)', { everyRule: true });
});
