import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import type { CartOrder } from '../../../shared/api/cart';
import { api } from '../api-client';
import { reloadQueries } from './reload-queries';
import { useSessionUser } from '../session';

/**
 * The cart's zod contract (src/shared/api/cart.ts), loaded when the first answer needs parsing
 * (zod stays out of the chunks a page needs first, STACK-NOTES 10).
 */
export const loadCartContracts = () => import('../../../shared/api/cart');

/**
 * The one cart query key: every cart query starts with it, and any change of the cart (add to
 * cart from any page, a quantity, a checkout choice, a placed order) invalidates it (spec section
 * 4: the cart is reloaded after each change, reloadCart). The header's count reads the same entry.
 */
export const cartQueryKey = ['cart'] as const;

/** Reloads the cart after it changed, also when its first load is still under way (reload-queries.ts). */
export const reloadCart = (queryClient: QueryClient): Promise<void> => reloadQueries(queryClient, { queryKey: cartQueryKey });

/** GET /cart?_format=json: the first cart of the list, or null when there is none (cartEmpty). */
export async function getCart(signal?: AbortSignal): Promise<CartOrder | null> {
  const [body, { cartResponse }] = await Promise.all([
    api.get<unknown>('/cart', { query: { _format: 'json' }, signal }),
    loadCartContracts(),
  ]);
  return cartResponse.parse(body)[0] ?? null;
}

export const getCartQueryOptions = (user: number) =>
  queryOptions({ queryKey: [...cartQueryKey, 'detail', { user }], queryFn: ({ signal }) => getCart(signal) });

/** The cart of the logged-in user (the cart page, the checkout); nothing is asked without one. */
export function useCart() {
  const user = useSessionUser();
  return useQuery({ ...getCartQueryOptions(user?.id ?? 0), enabled: user !== null });
}

/** The header's count: the sum of the cart's quantities. */
export function useCartCount(): number {
  return useCart().data?.quantity_total ?? 0;
}
