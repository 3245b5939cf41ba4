import type { CreateFavoriteRequest, FavoriteResponse } from '../../../shared/api/catalog-actions';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { localized } from '../../i18n';
import type { ActiveSession } from '../../context/session';
import { CATALOG_MESSAGES, productNotFound } from './catalog.messages';
import { requireCustomer } from '../../context/customer';
import * as repo from './favorites.repository';

function toResponse(row: repo.FavoriteRow): FavoriteResponse {
  return {
    data: {
      type: 'favorite_product--favorite_product',
      id: row.uuid,
      attributes: { drupal_internal__id: row.id, created: row.createdAt.toISOString() },
      relationships: {
        product: { data: { type: 'commerce_product--default', id: row.productUuid } },
        relation: { data: { type: 'relation--relation', id: row.relationUuid } },
      },
    },
  };
}

/** The order list: favourites belong to the caller's relation, so its users share them. */
export function createFavoritesService(db: Db) {
  return {
    /** Adds a product to the list; `created` is false when it was on it already (answered as is). */
    async add(body: CreateFavoriteRequest, session: ActiveSession): Promise<{ created: boolean; favorite: FavoriteResponse }> {
      const customer = requireCustomer(session);
      const productUuid = body.data.relationships.product.data.id.toLowerCase();
      const productId = await repo.findActiveProductId(db, productUuid);
      if (productId === undefined) throw productNotFound(productUuid);
      const created = await repo.insertFavorite(db, { relationId: customer.relationId, productId, userId: session.user.id });
      const row = await repo.findFavorite(db, customer.relationId, productId);
      // Only a colleague removing it between the two statements gets here; then it is not on the list.
      if (!row) throw productNotFound(productUuid);
      return { created, favorite: toResponse(row) };
    },

    /** Removes one of the relation's own favourites; another relation's is as unknown as a made-up id. */
    async remove(uuid: string, session: ActiveSession): Promise<void> {
      const customer = requireCustomer(session);
      const deleted = await repo.deleteFavorite(db, customer.relationId, uuid.toLowerCase());
      if (!deleted) throw notFound(localized(CATALOG_MESSAGES, 'favorite_not_found', { id: uuid }), 'favorite_not_found');
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
