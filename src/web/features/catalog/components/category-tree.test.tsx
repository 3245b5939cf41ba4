import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { categoryTree } from '../test/fixtures';
import { renderWithShop } from '../test/render';

import { activeCategoryPath, CategoryTree } from './category-tree';

describe('activeCategoryPath', () => {
  it('holds the current category and its ancestors', () => {
    expect([...activeCategoryPath(categoryTree, 3)]).toEqual([1, 3]);
    expect([...activeCategoryPath(categoryTree, 4)]).toEqual([4]);
  });

  it('is empty without a filter or for an unknown category', () => {
    expect(activeCategoryPath(categoryTree, null).size).toBe(0);
    expect(activeCategoryPath(categoryTree, 99).size).toBe(0);
  });
});

describe('CategoryTree', () => {
  it('opens the branch of the current category and makes it and its parent bold', () => {
    renderWithShop(<CategoryTree terms={categoryTree} current={3} />, { path: '/en/assortment?categories=3' });
    const tree = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(tree).getByRole('link', { name: 'Tortillas' })).toHaveClass('fw-bold');
    expect(within(tree).getByRole('link', { name: 'Flour tortillas' })).toHaveClass('fw-bold');
    expect(within(tree).getByRole('link', { name: 'Flour tortillas' })).toHaveAttribute('aria-current', 'page');
    expect(within(tree).getByRole('link', { name: 'Corn tortillas' })).not.toHaveClass('fw-bold');
    expect(within(tree).getByRole('link', { name: 'Sauces' })).not.toHaveClass('fw-bold');
    expect(within(tree).getByRole('button', { name: 'Hide subcategories of Tortillas' })).toHaveAttribute('aria-expanded', 'true');
    // Sauces is closed: its child is not shown
    expect(within(tree).getByRole('button', { name: 'Show subcategories of Sauces' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).queryByRole('link', { name: 'Salsa' })).not.toBeInTheDocument();
  });

  it('expands and collapses on request', async () => {
    const user = userEvent.setup();
    renderWithShop(<CategoryTree terms={categoryTree} current={null} />);
    expect(screen.getByRole('link', { name: 'All products' })).toHaveClass('fw-bold');
    expect(screen.queryByRole('link', { name: 'Salsa' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show subcategories of Sauces' }));
    expect(screen.getByRole('link', { name: 'Salsa' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide subcategories of Sauces' }));
    expect(screen.queryByRole('link', { name: 'Salsa' })).not.toBeInTheDocument();
  });

  it('folds away on small screens until asked for', async () => {
    const user = userEvent.setup();
    renderWithShop(<CategoryTree terms={categoryTree} current={null} />);
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('category-tree-root')).toHaveClass('d-none', 'd-lg-block');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('category-tree-root')).not.toHaveClass('d-none');
  });

  it('filters on a category from page 1, keeping the search and page size', async () => {
    const user = userEvent.setup();
    const { router } = renderWithShop(<CategoryTree terms={categoryTree} current={null} />, {
      path: '/en/assortment?search=salsa&items=30&page=4',
    });
    await user.click(screen.getByRole('link', { name: 'Sauces' }));
    expect(router.state.location.pathname).toBe('/en/assortment');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('search=salsa&items=30&categories=4');
  });
});
