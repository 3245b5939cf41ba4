import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { menuItemsParams, menuItemsResponse } from '../../../shared/api/content';
import { jsonApiError } from '../../../shared/api/errors';
import type { ContentService } from './content.service';

export default async function contentRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jsonapi/menu_items/:menu',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: 'The enabled links of a menu, in order of weight',
        params: menuItemsParams,
        response: { 200: menuItemsResponse, 400: jsonApiError },
      },
    },
    async (request, reply) => {
      reply.type('application/vnd.api+json');
      return { data: await content.menu(request.params.menu, request.lang) };
    },
  );
}
