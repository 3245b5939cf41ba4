import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../../shared/api/errors';
import { BOARD_EXPORT_FORMATS, staffBoardExportQuery, staffBoardQuery, staffBoardResponse } from '../../../../shared/api/staff-orders';
import { BOARD_EXPORT_TYPES } from './board-export';
import type { BoardService } from './board.service';

const errors = { 400: apiError, 403: apiError };

/** The staff orders board (issue 42, point 3): read by the order desk and finance. */
export default async function boardRoutes(app: FastifyInstance, { board }: { board: BoardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/orders',
    {
      config: { access: 'staff', staffRoles: ['order_desk', 'finance'] },
      schema: {
        tags: ['staff'],
        summary: "Every customer's placed orders, the newest delivery date first, 50 a page: filters on state, delivery date, customer and payment method, a search on order number, customer and PO reference, and counts per state",
        querystring: staffBoardQuery,
        response: { 200: staffBoardResponse, ...errors },
      },
    },
    async (request) => board.boardPage(request.query),
  );

  r.get(
    '/api/staff/orders/export',
    {
      config: { access: 'staff', staffRoles: ['order_desk', 'finance'] },
      schema: {
        tags: ['staff'],
        summary: "The board's filtered list (at most 10,000 orders, the newest first) as CSV (semicolons, UTF-8 with a BOM) or XLSX, headers in the staff user's language",
        querystring: staffBoardExportQuery,
        response: {
          200: {
            description: 'The list as a download (Content-Disposition: attachment, a file name in the language)',
            content: Object.fromEntries(BOARD_EXPORT_FORMATS.map((f) => [BOARD_EXPORT_TYPES[f], { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) }])),
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await board.boardExport(request.query, request.lang);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
