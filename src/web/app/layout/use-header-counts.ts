import { useCartCount } from '../../lib/api/get-cart';
import { useFavorites } from '../../features/catalog/api/get-favorites';
import { useSessionUser } from '../../lib/session';

/**
 * The numbers on the header's favourites and cart icons (composed here: features do not import
 * each other). Cart: the sum of the cart's quantities. Favourites: the order list of the user's
 * relation (none without one).
 */
export function useHeaderCounts(): { cart: number; favourites: number } {
  const relation = useSessionUser()?.relation ?? null;
  const favourites = useFavorites(relation);
  return { cart: useCartCount(), favourites: favourites.data?.length ?? 0 };
}
