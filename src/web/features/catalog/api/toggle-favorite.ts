import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateFavoriteRequest, FavoriteResponse } from '../../../../shared/api/catalog-actions';
import { api } from '../../../lib/api-client';

import { favoritesQueryKey } from './get-favorites';
import { isOrderListQuery } from '../../../lib/api/get-products';
import { reloadQueries } from '../../../lib/api/reload-queries';

/** Spec section 9: after a toggle the favourites list is reloaded this much later. */
export const FAVORITE_RELOAD_DELAY_MS = 200;

/** POST /jsonapi/favorite_product/favorite_product: a JSON:API document, sent as application/vnd.api+json. */
export function addFavorite(productId: string): Promise<FavoriteResponse> {
  const body: CreateFavoriteRequest = {
    data: {
      type: 'favorite_product--favorite_product',
      relationships: { product: { data: { type: 'commerce_product--default', id: productId } } },
    },
  };
  return api.post<FavoriteResponse>('/jsonapi/favorite_product/favorite_product', body, { contentType: 'application/vnd.api+json' });
}

/** DELETE /jsonapi/favorite_product/favorite_product/{favoriteId} */
export function removeFavorite(favoriteId: string): Promise<void> {
  return api.delete(`/jsonapi/favorite_product/favorite_product/${encodeURIComponent(favoriteId)}`);
}

export interface ToggleFavoriteInput {
  productId: string;
  /** The favourite record to delete; null adds the product. */
  favoriteId: string | null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Adds or removes a favourite, then (spec section 4) waits FAVORITE_RELOAD_DELAY_MS and reloads
 * the favourites list and the order list. `onToggled` runs as soon as the server agreed, `true` when added.
 */
export function useToggleFavorite({ onToggled }: { onToggled?: (added: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      reloadQueries(queryClient, { queryKey: favoritesQueryKey }),
      reloadQueries(queryClient, { predicate: (query) => isOrderListQuery(query.queryKey) }),
    ]);
  return useMutation({
    mutationFn: async ({ productId, favoriteId }: ToggleFavoriteInput) => {
      if (favoriteId) {
        await removeFavorite(favoriteId);
        return false;
      }
      await addFavorite(productId);
      return true;
    },
    onSuccess: async (added) => {
      onToggled?.(added);
      await wait(FAVORITE_RELOAD_DELAY_MS);
      await reload();
    },
    // the list may be out of date (e.g. changed in another tab): show what the server has
    onError: () => reload(),
  });
}
