import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { logIn, renderQueryHook } from '../../../test/render';
import { JSONAPI } from '../../../test/shop-data';
import { productFixture, productList } from '../test/fixtures';

import { useFavorites } from './get-favorites';
import { useToggleFavorite } from './toggle-favorite';

describe('the order list after a toggle', () => {
  it('shows a favourite added while the list’s first load was still under way', async () => {
    logIn();
    const product = productFixture({ title: 'Jalapeños' });
    // The first load answers the list as it was before the add, and only after the add is done.
    let answerFirstLoad: (response: Response) => void = () => undefined;
    const firstLoad = new Promise<Response>((resolve) => (answerFirstLoad = resolve));
    let loads = 0;
    mockFetch(
      on('GET', '/jsonapi/index/products/', () =>
        ++loads === 1 ? firstLoad : jsonResponse(200, productList([{ ...product, is_favorite: true, favorite_id: 'fav-1' }]), JSONAPI),
      ),
      on('POST', '/jsonapi/favorite_product/favorite_product', () =>
        jsonResponse(201, { data: { type: 'favorite_product--favorite_product', id: 'fav-1' } }, JSONAPI),
      ),
    );
    const { result } = renderQueryHook(() => ({ favorites: useFavorites(42), toggle: useToggleFavorite() }));
    await waitFor(() => expect(loads).toBe(1));

    await act(() => result.current.toggle.mutateAsync({ productId: product.id, favoriteId: null }));
    answerFirstLoad(jsonResponse(200, productList([]), JSONAPI));

    await waitFor(() => expect(result.current.favorites.data?.map((f) => f.favoriteId)).toEqual(['fav-1']));
    expect(loads).toBe(2);
  });
});
