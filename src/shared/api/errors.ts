import { z } from 'zod';

/** Every error answer of the plain API: a message, an optional code and per-field messages. */
export const apiError = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** JSON:API error document (`/jsonapi/...` routes); `message` is kept for clients that read it. */
export const jsonApiError = z.object({
  message: z.string(),
  errors: z.array(
    z.object({
      status: z.string(),
      title: z.string(),
      detail: z.string(),
      source: z.object({ pointer: z.string() }).optional(),
    }),
  ),
});
export type JsonApiError = z.infer<typeof jsonApiError>;
