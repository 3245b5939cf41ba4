import { z } from 'zod';
import { money, uuidString } from './catalog';
import { resource } from './json-api';

/**
 * What a customer does with a product beyond buying it: favourites (the order list), the
 * upcoming price changes of products on a page, and a price request (split from catalog.ts).
 */

/** POST /jsonapi/favorite_product/favorite_product (application/vnd.api+json) */
export const createFavoriteRequest = z.object({
  data: z.object({
    type: z.literal('favorite_product--favorite_product', { message: "data.type must be 'favorite_product--favorite_product'." }),
    attributes: z.object({}).passthrough().optional(),
    relationships: z.object({
      product: z.object({
        data: z.object({
          type: z.literal('commerce_product--default', { message: "The product's type must be 'commerce_product--default'." }),
          id: uuidString('The product id'),
        }),
      }),
    }),
  }),
});
export type CreateFavoriteRequest = z.infer<typeof createFavoriteRequest>;

export const favoriteResource = z.object({
  ...resource('favorite_product--favorite_product'),
  attributes: z.object({
    drupal_internal__id: z.number().int(),
    created: z.string(),
  }),
  relationships: z.object({
    product: z.object({ data: z.object({ type: z.literal('commerce_product--default'), id: z.string() }) }),
    relation: z.object({ data: z.object({ type: z.literal('relation--relation'), id: z.string() }) }),
  }),
});
export const favoriteResponse = z.object({ data: favoriteResource });
export type FavoriteResponse = z.infer<typeof favoriteResponse>;
export const favoriteParams = z.object({ id: uuidString('A favourite id') });

/** POST /api/upcoming-price-mutations */
export const upcomingPriceMutationsRequest = z.object({
  products: z.array(uuidString('A product id')).max(1000, 'Ask for at most 1000 products at a time.'),
});
export const priceMutation = z.object({
  /** The day the new price starts, YYYY-MM-DD. */
  date: z.string(),
  /** Change in percent, one decimal (positive: dearer). */
  percentage: z.number(),
  oldPrice: money,
  newPrice: money,
});
export const upcomingPriceMutationsResponse = z.object({
  data: z.array(z.object({ product: z.string(), mutation: priceMutation })),
});
export type UpcomingPriceMutationsResponse = z.infer<typeof upcomingPriceMutationsResponse>;
export type PriceMutation = z.infer<typeof priceMutation>;

/** POST /api/product/{id}/request-price; {id} is the product uuid or its internal id. */
export const requestPriceParams = z.object({
  id: z.string().regex(/^(\d{1,9}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, 'A product id is a UUID or a number.'),
});
/** The largest quantity one price request may name. */
export const MAX_REQUEST_QUANTITY = 100_000;
export const requestPriceRequest = z.object({
  quantity: z
    .number({ message: 'quantity must be a whole number.' })
    .int('quantity must be a whole number.')
    .min(1, 'quantity is at least 1.')
    .max(MAX_REQUEST_QUANTITY, `quantity is at most ${MAX_REQUEST_QUANTITY}.`),
});
/** status 1: sent; 0: not sent (the message says why). */
export const requestPriceResponse = z.object({ status: z.union([z.literal(0), z.literal(1)]), message: z.string() });
export type RequestPriceResponse = z.infer<typeof requestPriceResponse>;
