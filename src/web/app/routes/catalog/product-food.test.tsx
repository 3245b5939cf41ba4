import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { cheeseDipFood, productDetailFixture, productList } from '../../../features/catalog/test/fixtures';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';

/* Issue 19: the Food information tab of the product page, in English and Dutch. */

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
const favorites = on('GET', '/jsonapi/index/products/', () => jsonResponse(200, productList([]), JSONAPI));
const noMutations = on('POST', '/api/upcoming-price-mutations', () => jsonResponse(200, { data: [] }));

async function openFoodTab(product: ReturnType<typeof productDetailFixture>, lang: 'en' | 'nl', tabName: string) {
  mockFetch(menus, favorites, noMutations, on('GET', `/jsonapi/commerce_product/default/${product.id}`, () => jsonResponse(200, { data: product }, JSONAPI)));
  logIn();
  const user = userEvent.setup();
  renderApp(`/${lang}/assortment/${product.id}`);
  const tab = await screen.findByRole('tab', { name: tabName }, T);
  await user.click(tab);
  await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
  return screen.getByRole('tabpanel', { name: tabName });
}

/** The allergen table's rows as [allergen, level text]. */
function allergenRows(panel: HTMLElement, caption: string): string[][] {
  const table = within(panel).getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent?.trim() ?? '']);
}

describe('the food information tab', () => {
  it('shows the 14 allergens with contains, may contain, free of and unknown apart, and the rest of the information', async () => {
    const product = productDetailFixture({ food: cheeseDipFood() });
    const panel = await openFoodTab(product, 'en', 'Food information');

    const rows = allergenRows(panel, 'Allergens');
    expect(rows).toHaveLength(14);
    expect(rows).toContainEqual(['Milk', '● Contains']);
    expect(rows).toContainEqual(['Mustard', '◐ May contain']);
    expect(rows).toContainEqual(['Cereals containing gluten', '○ Free of']);
    // Unknown is said as such, never as free of.
    expect(rows).toContainEqual(['Eggs', '? Unknown']);
    expect(rows.filter(([, level]) => level?.includes('Unknown'))).toHaveLength(11);

    expect(within(panel).getByRole('region', { name: 'Ingredients' })).toContainHTML('<strong>cheese</strong>');
    const nutrition = within(panel).getByRole('table', { name: 'Nutrition declaration' });
    const nutrients = within(nutrition).getAllByRole('rowheader').map((cell) => cell.textContent);
    // Annex XV order; fibre is not declared, so it has no row.
    expect(nutrients).toEqual(['Energy', 'Fat', 'of which saturates', 'Carbohydrate', 'of which sugars', 'Protein', 'Salt']);
    expect(within(nutrition).getByRole('row', { name: /Energy/ })).toHaveTextContent('1,052 kJ / 253 kcal');
    expect(within(nutrition).getByRole('row', { name: /saturates/ })).toHaveTextContent('12.25 g');
    expect(within(nutrition).getByRole('columnheader', { name: 'per 100 g' })).toBeInTheDocument();

    expect(panel).toHaveTextContent('Chilled. Keep refrigerated (2-7 °C).');
    expect(panel).toHaveTextContent('Use within 5 days of opening.');
    expect(panel).toHaveTextContent('Country of originMexico');
    expect(panel).toHaveTextContent('Net quantity1.1 kg');
    expect(panel).toHaveTextContent('Diet and certificationVegetarian, Gluten-free');
    expect(panel).toHaveTextContent('8712345678906');
    expect(panel).toHaveTextContent('Doña Lupita Foods');
    expect(panel).not.toHaveTextContent('Alcohol');
  });

  it('speaks Dutch, with Dutch numbers and country names, and shows the alcohol of a drink', async () => {
    const food = cheeseDipFood({ alcohol_percentage: '4.5', origin_country: 'NL', net_quantity: { amount: '24', unit: 'piece' } });
    const panel = await openFoodTab(productDetailFixture({ food }), 'nl', 'Voedingsinformatie');
    const rows = allergenRows(panel, 'Allergenen');
    expect(rows).toContainEqual(['Melk', '● Bevat']);
    expect(rows).toContainEqual(['Mosterd', '◐ Kan bevatten']);
    expect(rows).toContainEqual(['Glutenbevattende granen', '○ Bevat geen']);
    expect(rows).toContainEqual(['Zwaveldioxide en sulfieten', '? Onbekend']);
    const nutrition = within(panel).getByRole('table', { name: 'Voedingswaarde' });
    expect(within(nutrition).getByRole('row', { name: /Energie/ })).toHaveTextContent('1.052 kJ / 253 kcal');
    expect(within(nutrition).getByRole('row', { name: /Vetten/ })).toHaveTextContent('21,5 g');
    expect(panel).toHaveTextContent('Land van herkomstNederland');
    expect(panel).toHaveTextContent('Netto hoeveelheid24 stuks');
    expect(panel).toHaveTextContent('Alcohol4,5 % vol');
    expect(panel).toHaveTextContent('Gekoeld. Keep refrigerated');
  });

  it('lists the other facts as label and value pairs below the tables, using the width that the description leaves to its measure', async () => {
    const panel = await openFoodTab(productDetailFixture({ food: cheeseDipFood() }), 'nl', 'Voedingsinformatie');
    const facts = within(panel).getByRole('region', { name: 'Overige informatie' });
    const terms = within(facts).getAllByRole('term');
    // every label directly followed by its own value: the grid in _food.scss lays them out in pairs
    expect(terms.map((term) => [term.textContent, term.nextElementSibling?.tagName])).toContainEqual(['Verantwoordelijk levensmiddelenbedrijf', 'DD']);
    expect(terms.every((term) => term.nextElementSibling?.tagName === 'DD')).toBe(true);
    expect(within(facts).getByText('Verantwoordelijk levensmiddelenbedrijf').nextElementSibling).toHaveTextContent('Doña Lupita Foods');
    expect(panel).not.toHaveClass('product-detail-prose');
    expect(screen.getByRole('tabpanel', { hidden: true, name: 'Omschrijving' })).toHaveClass('product-detail-prose');
  });

  it('says so when the product has no food information', async () => {
    const panel = await openFoodTab(productDetailFixture({ food: null }), 'en', 'Food information');
    expect(panel).toHaveTextContent('No food information available for this product.');
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
