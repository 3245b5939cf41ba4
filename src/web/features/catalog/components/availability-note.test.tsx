import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '../../../test/fetch-mock';
import { productFixture } from '../test/fixtures';
import { renderWithShop } from '../test/render';

import { AvailabilityNote } from './availability-note';
import { ProductCard } from './product-card';

describe('AvailabilityNote', () => {
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

  it('is on the product card (loaded after the first page, as its food marks)', async () => {
    mockFetch();
    renderWithShop(<ProductCard product={productFixture({ availability: { status: 'few_left', expected_date: null, backorder: false } })} mutation={undefined} />);
    expect(await screen.findByText('Only a few left')).toBeInTheDocument();
  });
});
