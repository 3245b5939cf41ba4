import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { productFixture } from '../test/fixtures';
import { renderWithShop } from '../test/render';
import { ProductCard } from './product-card';

/* Issue 19: the product card shows the storage type and diet marks compactly. */

const MARKED = productFixture({ title: 'Marked', food_marks: { storage: 'frozen', diets: ['vegan'] } });

describe('the food marks on the product card', () => {
  it('shows the storage type and the diets as signs, named for screen readers and in a title', async () => {
    const product = productFixture({ food_marks: { storage: 'frozen', diets: ['vegan', 'gluten_free'] } });
    renderWithShop(<ProductCard product={product} mutation={undefined} />);
    const marks = await screen.findByRole('list', { name: 'Storage and diet' });
    const items = within(marks).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('title'))).toEqual(['Frozen', 'Vegan', 'Gluten-free']);
    expect(items.map((item) => item.querySelector('.visually-hidden')?.textContent)).toEqual(['Frozen', 'Vegan', 'Gluten-free']);
    expect(items[1]?.querySelector('[aria-hidden="true"]')?.textContent).toBe('VG');
  });

  it('speaks Dutch on Dutch pages', async () => {
    const product = productFixture({ food_marks: { storage: 'chilled', diets: ['vegetarian', 'organic'] } });
    renderWithShop(<ProductCard product={product} mutation={undefined} />, { path: '/nl/assortment', lang: 'nl' });
    const items = within(await screen.findByRole('list', { name: 'Bewaren en dieet' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('title'))).toEqual(['Gekoeld', 'Vegetarisch', 'Biologisch']);
  });

  it('shows nothing for a product without marks (beside one with marks, once the marks have loaded)', async () => {
    renderWithShop(
      <>
        <ProductCard product={productFixture()} mutation={undefined} />
        <ProductCard product={MARKED} mutation={undefined} />
      </>,
    );
    await screen.findByRole('list', { name: 'Storage and diet' });
    expect(screen.getAllByRole('list', { name: 'Storage and diet' })).toHaveLength(1);
  });
});
