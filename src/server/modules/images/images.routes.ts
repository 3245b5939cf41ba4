import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/api/errors';
import { IMAGE_STYLE_NAMES } from './image-styles';
import { etagMatches, type ImageService } from './images.service';

/** `{uuid}.webp`: the file's uuid (any case) and the only format the styles are made in. */
const STYLED_FILE_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/i;

/**
 * The route's path parameters. The style is one of three names and the file one strict
 * pattern, so nothing from the URL ever reaches a file path unchecked ('..', '/', '%2f').
 * This binary route is served by the server alone; the web only uses its URLs.
 */
const imageStyleParams = z.object({
  style: z.enum(IMAGE_STYLE_NAMES, { message: `must be one of ${IMAGE_STYLE_NAMES.join(', ')}` }),
  file: z.string().regex(STYLED_FILE_RE, 'must be a file id (a UUID) followed by .webp'),
});

/** A year, the longest a cache should keep anything; the URL changes when the picture does. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export default async function imageRoutes(app: FastifyInstance, { images }: { images: ImageService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: product pictures are no secret, and an <img> (or a CDN in front) must get them
  // without a session. A new picture gets a new file uuid, so a URL's bytes never change: immutable.
  r.get(
    '/images/styles/:style/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'A product image in one style (small_thumbnail, thumbnail or large), as WebP',
        params: imageStyleParams,
        response: {
          200: {
            description: 'The image',
            content: { 'image/webp': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
          },
          304: z.undefined().describe('Not modified: the If-None-Match entity tag is current'),
          400: apiError,
          404: apiError,
          422: apiError,
        },
      },
    },
    async (request, reply) => {
      const uuid = request.params.file.slice(0, -'.webp'.length).toLowerCase();
      const image = await images.styled(request.params.style, uuid);
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', image.etag)
        // The SPA may live on another origin (CORS_ORIGINS): let it show the pictures.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (etagMatches(request.headers['if-none-match'], image.etag)) return reply.code(304).send(undefined);
      return reply.type('image/webp').send(image.data);
    },
  );
}
