import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../test/fetch-mock';
import { createTestQueryClient, logIn } from '../../test/render';
import { cartOrder } from '../../test/shop-data';
import { clearSession } from '../session';

import { useAddToCart } from './add-to-cart';
import { useCartCount } from './get-cart';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession({ notify: false });
});

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
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ count: useCartCount(), add: useAddToCart() }), { wrapper });
    await waitFor(() => expect(loads).toBe(1));

    await act(() => result.current.add.mutateAsync([{ variationId: 9, quantity: 1 }]));
    answerFirstLoad(jsonResponse(200, []));

    await waitFor(() => expect(result.current.count).toBe(1));
    expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/cart?'))).toHaveLength(2);
  });
});
