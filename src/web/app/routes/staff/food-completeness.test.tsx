import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ALLERGENS } from '../../../../shared/api/food';
import type { IncompleteFoodProduct, IncompleteFoodResponse } from '../../../../shared/api/food-completeness';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';
import { menus, staffRecord } from '../../../test/shop-data';

const salsa: IncompleteFoodProduct = {
  product_id: 12,
  erp_id: 'ART-121003',
  sku: '121003',
  title_nl: 'Salsa verde 500 ml',
  title_en: 'Green salsa 500 ml',
  missing: ['legal_name_en', 'allergens', 'nutrition', 'business_address'],
  unknown_allergens: ['lupin', 'molluscs'],
  missing_nutrition: ['salt'],
};
const beer: IncompleteFoodProduct = {
  product_id: 40,
  erp_id: 'ART-172001',
  sku: null,
  title_nl: 'Cerveza clara 355 ml',
  title_en: 'Pale lager 355 ml',
  missing: ['allergens', 'alcohol_percentage'],
  unknown_allergens: [...ALLERGENS],
  missing_nutrition: [],
};

/** The staff API as the server answers it: 50 a page, optionally only the products lacking one part. */
function incomplete(call: MockCall, total = 2): Response {
  const query = new URL(call.url, 'http://shop.test').searchParams;
  const missing = query.get('missing');
  const all = [salsa, beer].filter((p) => !missing || (p.missing as string[]).includes(missing));
  const body: IncompleteFoodResponse = { data: all, meta: { count: missing ? all.length : total, page: Number(query.get('page') ?? 1), per_page: 50 } };
  return jsonResponse(200, body);
}

describe('the staff page of missing food information', () => {
  it('lists the products with what they lack, named in Dutch, and filters on one missing part in the URL', async () => {
    const calls = mockFetch(menus, on('GET', '/api/staff/food/incomplete', (call) => incomplete(call)));
    logIn(staffRecord);
    const user = userEvent.setup();
    const { router } = renderApp('/nl/staff/food-completeness');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ontbrekende voedingsinformatie' }, { timeout: 10_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Producten met ontbrekende voedingsinformatie' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: 'Artikelnummer' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('121003');
    expect(rows[1]).toHaveTextContent('Salsa verde 500 ml');
    expect(within(rows[1] as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Wettelijke benaming (Engels)',
      'Allergenen onbekend: Lupine, Weekdieren',
      'Voedingswaarde: zout',
      'Adres levensmiddelenbedrijf',
    ]);
    expect(rows[2]).toHaveTextContent('Allergenen onbekend: alle 14');
    expect(rows[2]).toHaveTextContent('Alcoholpercentage');
    expect(screen.getByText('2 producten met ontbrekende informatie')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Wat ontbreekt' }), 'Alcoholpercentage');
    await waitFor(() => expect(router.state.location.search).toBe('?missing=alcohol_percentage'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((c) => c.url === '/backend/api/staff/food/incomplete?missing=alcohol_percentage')).toBe(true);
    expect(screen.getByText('1 product met ontbrekende informatie')).toBeInTheDocument();
  });

  it('names the parts in English on the English page, and pages through a long list', async () => {
    const calls = mockFetch(menus, on('GET', '/api/staff/food/incomplete', (call) => incomplete(call, 120)));
    logIn(staffRecord);
    const user = userEvent.setup();
    const { router } = renderApp('/en/staff/food-completeness');
    const table = await screen.findByRole('table', { name: 'Products with missing food information' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Green salsa 500 ml');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Allergens unknown: Lupin, Molluscs');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Nutrition declaration: salt');
    const pager = screen.getByRole('navigation', { name: 'Pages of products with missing information' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeEnabled();
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(calls.some((c) => c.url === '/backend/en/api/staff/food/incomplete?page=2')).toBe(true));
  });

  it('says so when every food product is complete', async () => {
    mockFetch(menus, on('GET', '/api/staff/food/incomplete', () => jsonResponse(200, { data: [], meta: { count: 0, page: 1, per_page: 50 } })));
    logIn(staffRecord);
    renderApp('/en/staff/food-completeness');
    expect(await screen.findByText('The mandatory food information of every active food product is complete.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('is in the staff menu, marked as the current page', async () => {
    mockFetch(menus, on('GET', '/api/staff/food/incomplete', (call) => incomplete(call)));
    logIn(staffRecord);
    renderApp('/nl/staff/food-completeness');
    const nav = await screen.findByRole('navigation', { name: 'Beheer' }, { timeout: 10_000 });
    expect(within(nav).getByRole('link', { name: 'Ontbrekende voedingsinformatie' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['a customer', {}],
    ['staff while masquerading', { ...staffRecord, roles: ['authenticated', 'customer'], is_masquerading: true }],
  ])('sends %s to the account page without asking the staff API, and offers them no link', async (_who, record) => {
    const calls = mockFetch(menus);
    logIn(record);
    const { router } = renderApp('/en/staff/food-completeness');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'), { timeout: 10_000 });
    expect(calls.some((c) => c.url.includes('/api/staff/'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Missing food information' })).toBeNull();
  });
});
