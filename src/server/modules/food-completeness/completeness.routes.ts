import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { incompleteFoodQuery, incompleteFoodResponse } from '../../../shared/api/food-completeness';
import type { FoodCompletenessService } from './completeness.service';

/** Staff only: the food products whose mandatory information is incomplete (the ERP's copy is in erp.routes.ts). */
export default async function foodCompletenessRoutes(app: FastifyInstance, { completeness }: { completeness: FoodCompletenessService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/food/incomplete',
    {
      config: { access: 'staff', staffRoles: ['content'] },
      schema: {
        tags: ['staff'],
        summary: 'Active food products whose mandatory food information is missing, with what is missing; 50 a page, optionally only those lacking one part',
        querystring: incompleteFoodQuery,
        response: { 200: incompleteFoodResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => completeness.listIncomplete(request.query.page, request.query.missing),
  );
}
