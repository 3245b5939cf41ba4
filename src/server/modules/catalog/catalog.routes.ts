import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryTreeResponse, productDetailQuery, productDetailResponse, productIndexQuery, productListResponse, productParams } from '../../../shared/api/catalog';
import { createFavoriteRequest, favoriteParams, favoriteResponse, requestPriceParams, requestPriceRequest, requestPriceResponse, upcomingPriceMutationsRequest, upcomingPriceMutationsResponse } from '../../../shared/api/catalog-actions';
import { apiError, jsonApiError } from '../../../shared/api/errors';
import { sessionOf } from '../../plugins/auth';
import type { ActiveSession } from '../../context/session';
import type { CatalogService } from './catalog.service';
import type { FavoritesService } from './favorites.service';
import type { PriceRequestService } from './price-request.service';

export interface CatalogRouteDeps {
  catalog: CatalogService;
  favorites: FavoritesService;
  priceRequests: PriceRequestService;
  /** Told of every search of the list (its first page): the text, the number of matches and who searched. */
  onSearch?: (text: string, found: number, session: ActiveSession) => void;
}

const JSON_API = 'application/vnd.api+json';

/** A page of the product index costs as a search when it has a text to search for (decision 034). */
const searchCost = (request: FastifyRequest) => ((request.query as Record<string, unknown>)['filter[fulltext]'] ? 'search' : null);

/** Registered in this order, which is also the order of the OpenAPI document. */
export default async function catalogRoutes(app: FastifyInstance, { catalog, favorites, priceRequests, onSearch }: CatalogRouteDeps) {
  productRoutes(app, catalog, onSearch);
  favoriteRoutes(app, favorites);
  priceActionRoutes(app, catalog, priceRequests);
}

/** The product index (a page of products, or the category tree) and one product. */
function productRoutes(app: FastifyInstance, catalog: CatalogService, onSearch: CatalogRouteDeps['onSearch']) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The web calls the index with a trailing slash (spec section 7), Drupal answers both.
  for (const url of ['/jsonapi/index/products', '/jsonapi/index/products/']) {
    r.get(
      url,
      {
        config: { cost: searchCost },
        schema: {
          tags: ['catalogue'],
          summary: "The product index: a page of products with the caller's prices, or the category tree (filter[entity_type]=taxonomy_term)",
          querystring: productIndexQuery,
          response: { 200: z.union([productListResponse, categoryTreeResponse]), 400: jsonApiError, 403: jsonApiError },
        },
      },
      async (request, reply) => {
        reply.type(JSON_API);
        if (request.query['filter[entity_type]'] === 'taxonomy_term') return catalog.categoryTree(sessionOf(request), request.lang);
        const page = await catalog.productList(request.query, sessionOf(request), request.lang);
        // A search is counted once, on its first page; further pages are the same search.
        const text = request.query['filter[fulltext]'];
        if (onSearch && text !== undefined && request.query['page[offset]'] === 0) onSearch(text, page.meta.count, sessionOf(request));
        return page;
      },
    );
  }

  r.get(
    '/jsonapi/commerce_product/default/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "One product with the caller's prices, favourite and quotes",
        params: productParams,
        querystring: productDetailQuery,
        response: { 200: productDetailResponse, 400: jsonApiError, 403: jsonApiError, 404: jsonApiError },
      },
    },
    async (request, reply) => {
      reply.type(JSON_API);
      return catalog.productDetail(request.params.id, sessionOf(request), request.lang);
    },
  );
}

/** The caller's relation's order list: putting a product on it and taking one off. */
function favoriteRoutes(app: FastifyInstance, favorites: FavoritesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/jsonapi/favorite_product/favorite_product',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Puts a product on the caller's relation's order list (201; 200 when it was on it already)",
        body: createFavoriteRequest,
        response: { 200: favoriteResponse, 201: favoriteResponse, 400: jsonApiError, 403: jsonApiError, 404: jsonApiError },
      },
    },
    async (request, reply) => {
      const { created, favorite } = await favorites.add(request.body, sessionOf(request));
      reply.type(JSON_API).code(created ? 201 : 200);
      return favorite;
    },
  );

  r.delete(
    '/jsonapi/favorite_product/favorite_product/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Takes a product off the caller's relation's order list",
        params: favoriteParams,
        response: { 204: z.null(), 400: jsonApiError, 403: jsonApiError, 404: jsonApiError },
      },
    },
    async (request, reply) => {
      await favorites.remove(request.params.id, sessionOf(request));
      return reply.code(204).send(null);
    },
  );
}

/** What the caller can do about prices: see announced changes, ask the sales department for one. */
function priceActionRoutes(app: FastifyInstance, catalog: CatalogService, priceRequests: PriceRequestService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/upcoming-price-mutations',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Announced price changes of the caller's price list for the given products",
        body: upcomingPriceMutationsRequest,
        response: { 200: upcomingPriceMutationsResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => catalog.upcomingPriceMutations(request.body.products, sessionOf(request)),
  );

  r.post(
    '/api/product/:id/request-price',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Asks the sales department for a price (429 when the same product was asked for a moment ago, or after 10 requests in an hour)',
        params: requestPriceParams,
        body: requestPriceRequest,
        response: { 200: requestPriceResponse, 429: requestPriceResponse, 400: apiError, 403: apiError, 404: apiError, 503: apiError },
      },
    },
    async (request, reply) => {
      const outcome = await priceRequests.request(request.params.id, request.body.quantity, sessionOf(request), request.lang);
      if (outcome.refused) reply.code(429);
      return { status: outcome.status, message: outcome.message };
    },
  );
}
