import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentNodeParams,
  contentNodeResponse,
  menuItemsParams,
  menuItemsResponse,
  translatePathQuery,
  translatePathResponse,
} from '../../../shared/api/content';
import { apiError, jsonApiError } from '../../../shared/api/errors';
import type { ContentService } from './content.service';

/**
 * The options of a content route. Content is public, as Drupal answers anonymous reads of
 * published nodes: the SPA shows pages only inside the logged-in layout, but terms and contact
 * details are no secret.
 */
const publicContent = <S extends object>(schema: S) => ({ config: { access: 'public' as const }, schema: { tags: ['content'], ...schema } });

export default async function contentRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jsonapi/menu_items/:menu',
    publicContent({ summary: 'The enabled links of a menu, in order of weight', params: menuItemsParams, response: { 200: menuItemsResponse, 400: jsonApiError } }),
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return { data: await content.menu(request.params.menu, request.lang) };
    },
  );

  r.get(
    '/router/translate-path',
    publicContent({
      summary: "The published content page at a path, in the request's language; or the redirect there (issue 43); a path nobody found is counted",
      querystring: translatePathQuery,
      response: { 200: translatePathResponse, 400: apiError, 404: apiError },
    }),
    async (request) => content.translatePath(request.query.path, request.lang, request.query.referrer),
  );

  r.get(
    '/jsonapi/node/page/:uuid',
    publicContent({
      summary: "A published content page (title and sanitised body) in the request's language",
      params: contentNodeParams,
      response: { 200: contentNodeResponse, 400: jsonApiError, 404: jsonApiError },
    }),
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return content.page(request.params.uuid, request.lang);
    },
  );
}
