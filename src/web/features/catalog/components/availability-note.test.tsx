import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '../../../test/fetch-mock';
import { productFixture } from '../test/fixtures';
import { renderWithShop } from '../test/render';

import { AvailabilityNote } from './availability-note';
import { ProductCard } from './product-card';

describe('AvailabilityNote', () => {
  // The shop's day decides whether an expected date has passed: 27 November 2026, 10:00 in Amsterdam.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says each level in words (colour only backs them up), with the expected date as English writes it', () => {
    renderWithShop(
      <>
        <AvailabilityNote availability={{ status: 'in_stock', expected_date: null, backorder: false }} />
        <AvailabilityNote availability={{ status: 'few_left', expected_date: '2027-01-15', backorder: false }} />
        <AvailabilityNote availability={{ status: 'out_of_stock', expected_date: '2027-01-12', backorder: true }} />
      </>,
    );
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByText('Only a few left').parentElement).toHaveTextContent('Only a few left · new stock expected on 15 January 2027');
    expect(screen.getByText('Out of stock').parentElement).toHaveTextContent('Out of stock · order now, delivered later · new stock expected on 12 January 2027');
  });

  it('writes the Dutch words and date on the Dutch pages, and nothing for an article not kept in stock', () => {
    const { container } = renderWithShop(
      <>
        <AvailabilityNote availability={{ status: 'out_of_stock', expected_date: '2027-01-12', backorder: false }} />
        <AvailabilityNote availability={null} />
      </>,
      { path: '/nl/assortment', lang: 'nl' },
    );
    expect(container.querySelectorAll('.availability-note')).toHaveLength(1);
    expect(screen.getByText('Niet op voorraad').parentElement).toHaveTextContent('Niet op voorraad · nieuwe voorraad verwacht op 12 januari 2027');
  });

  it('says new stock is expected soon, not a day gone by, once the expected date has passed, in English and Dutch', () => {
    const { unmount } = renderWithShop(
      <>
        <AvailabilityNote availability={{ status: 'out_of_stock', expected_date: '2026-11-03', backorder: false }} />
        <AvailabilityNote availability={{ status: 'few_left', expected_date: '2026-11-26', backorder: false }} />
      </>,
    );
    expect(screen.getByText('Out of stock').parentElement).toHaveTextContent(/^○ Out of stock · new stock expected soon$/);
    expect(screen.getByText('Only a few left').parentElement).toHaveTextContent('Only a few left · new stock expected soon');
    unmount();
    renderWithShop(<AvailabilityNote availability={{ status: 'out_of_stock', expected_date: '2026-11-03', backorder: true }} />, { path: '/nl/assortment', lang: 'nl' });
    expect(screen.getByText('Niet op voorraad').parentElement).toHaveTextContent(/^○ Niet op voorraad · nu bestellen, later geleverd · nieuwe voorraad binnenkort verwacht$/);
  });

  it('still names the date when it is today (Amsterdam, also late in the UTC evening)', () => {
    vi.setSystemTime(new Date('2026-11-27T23:30:00Z')); // 28 November, 00:30 in Amsterdam
    renderWithShop(
      <>
        <AvailabilityNote availability={{ status: 'out_of_stock', expected_date: '2026-11-28', backorder: false }} />
        <AvailabilityNote availability={{ status: 'few_left', expected_date: '2026-11-27', backorder: false }} />
      </>,
    );
    expect(screen.getByText('Out of stock').parentElement).toHaveTextContent('Out of stock · new stock expected on 28 November 2026');
    expect(screen.getByText('Only a few left').parentElement).toHaveTextContent('Only a few left · new stock expected soon');
  });

  it('is on the product card (loaded after the first page, as its food marks)', async () => {
    mockFetch();
    renderWithShop(<ProductCard product={productFixture({ availability: { status: 'out_of_stock', expected_date: '2026-11-03', backorder: false } })} mutation={undefined} />);
    expect((await screen.findByText('Out of stock')).parentElement).toHaveTextContent('Out of stock · new stock expected soon');
  });
});
