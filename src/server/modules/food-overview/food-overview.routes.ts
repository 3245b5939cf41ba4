import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/api/errors';
import { FOOD_OVERVIEW_FORMATS, FOOD_OVERVIEW_PATH, FOOD_OVERVIEW_TYPES, foodOverviewQuery } from '../../../shared/api/food-overview';
import { sessionOf } from '../../plugins/auth';
import type { FoodOverviewService } from './food-overview.service';

/** The buyer's allergen overview (issue 19 point 5): a download of the caller's own relation's purchases. */
export default async function foodOverviewRoutes(app: FastifyInstance, { foodOverview }: { foodOverview: FoodOverviewService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    FOOD_OVERVIEW_PATH,
    {
      config: { cost: 'foodOverview' },
      schema: {
        tags: ['food information'],
        summary: "The allergens and ingredients of every product the caller's relation bought in a period (default the last 90 days), as PDF, CSV or XLSX",
        querystring: foodOverviewQuery,
        response: {
          200: {
            description: 'The overview as a download (Content-Disposition: attachment, a file name in the language)',
            content: Object.fromEntries(FOOD_OVERVIEW_FORMATS.map((f) => [FOOD_OVERVIEW_TYPES[f], { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) }])),
          },
          400: apiError,
          403: apiError,
        },
      },
    },
    async (request, reply) => {
      const file = await foodOverview.download(request.query, sessionOf(request), request.lang);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
