import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

export default async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      // Never counted: a load balancer's checks must not be refused, nor fail with the database (where the counters are).
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: healthResponse, 503: healthResponse } },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable', database: 'unavailable' });
      }
    },
  );
}
