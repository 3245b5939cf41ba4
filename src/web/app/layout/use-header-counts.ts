import { useFavorites } from '../../features/catalog/api/get-favorites';
import { useSessionUser } from '../../lib/session';

/**
 * The numbers on the header's favourites and cart icons. A seam: the cart issue returns the
 * sum of item quantities here (compose the features' hooks in this file; features do not
 * import each other). Favourites: the order list of the user's relation (none without one).
 */
export function useHeaderCounts(): { cart: number; favourites: number } {
  const relation = useSessionUser()?.relation ?? null;
  const favourites = useFavorites(relation);
  return { cart: 0, favourites: favourites.data?.length ?? 0 };
}
