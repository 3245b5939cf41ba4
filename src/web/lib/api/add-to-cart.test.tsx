import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../test/fetch-mock';
import { logIn, renderQueryHook } from '../../test/render';
import { cartOrder } from '../../test/shop-data';

import { useAddToCart } from './add-to-cart';
import { useCartCount } from './get-cart';

describe('the header’s count after an add to the cart', () => {
  it('counts the add when it lands while the cart’s first load is still under way', async () => {
    logIn();
    // The first load answers the cart as it was before the add, and only after the add is done.
    let answerFirstLoad: (response: Response) => void = () => undefined;
    const firstLoad = new Promise<Response>((resolve) => (answerFirstLoad = resolve));
    let loads = 0;
    const calls = mockFetch(
      on('GET', '/cart?', () => (++loads === 1 ? firstLoad : jsonResponse(200, [cartOrder({ quantity_total: 1 })]))),
      on('POST', '/cart/add', () => jsonResponse(200, [])),
    );
    const { result } = renderQueryHook(() => ({ count: useCartCount(), add: useAddToCart() }));
    await waitFor(() => expect(loads).toBe(1));

    await act(() => result.current.add.mutateAsync([{ variationId: 9, quantity: 1 }]));
    answerFirstLoad(jsonResponse(200, []));

    await waitFor(() => expect(result.current.count).toBe(1));
    expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/cart?'))).toHaveLength(2);
  });
});
