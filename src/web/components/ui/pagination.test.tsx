import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { createTestI18n } from '../../test/i18n';

import { pageWindow, Pagination } from './pagination';

/** The pagination of a list of products, with the shop's English texts. */
function renderPagination(page: number, pages: number, onPage: (page: number) => void = () => {}) {
  return render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <Pagination label="Pages of products" page={page} pages={pages} onPage={onPage} />
    </I18nextProvider>,
  );
}

describe('pageWindow', () => {
  it.each([
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [1, 3, [1, 2, 3]],
    [2, 1, [1]],
    [40, 10, [6, 7, 8, 9, 10]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });

  it('never shows more than 5 numbers, always the current one among them', () => {
    for (let pages = 1; pages <= 12; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const window = pageWindow(page, pages);
        expect(window.length).toBe(Math.min(5, pages));
        expect(window).toContain(page);
      }
    }
  });
});

describe('Pagination', () => {
  it('has first, previous, five numbers, next and last, with the current page disabled', async () => {
    const onPage = vi.fn();
    const user = userEvent.setup();
    renderPagination(4, 12, onPage);
    const nav = screen.getByRole('navigation', { name: 'Pages of products' });
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['First page', 'Previous page', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 6', 'Next page', 'Last page']);
    expect(within(nav).getByRole('button', { name: 'Page 4' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: 'Page 6' }));
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    expect(onPage.mock.calls.map(([page]) => page)).toEqual([6, 1, 3, 5, 12]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const { unmount } = renderPagination(1, 3);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    unmount();
    renderPagination(3, 3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
  });

  it('is left out when everything fits on one page', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
