import { z } from 'zod';

/**
 * Stock and availability (issue 21 point 4, decision 030): what a product card, the product page
 * and a cart line show of an article's stock. Extra attributes the spec's client ignores. The
 * exact quantity on hand is never shown in the catalogue (it changes with every order); only the
 * level, so a cached page stays right until the level changes.
 */

export const AVAILABILITY_STATUSES = ['in_stock', 'few_left', 'out_of_stock'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/**
 * An article's availability; null (on a product) when the ERP sends no stock for it: such an
 * article is not kept in stock by the shop and can always be ordered.
 */
export const availabilitySchema = z.object({
  status: z.enum(AVAILABILITY_STATUSES),
  /** When new stock is expected (YYYY-MM-DD, Amsterdam), when the ERP knows it. */
  expected_date: z.string().nullable(),
  /** More than is in stock may be ordered: the rest is delivered later (a backorder). */
  backorder: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** The part of a cart line's quantity that is not in stock and comes later (a backorder). */
export const lineBackorderSchema = z.object({
  quantity: z.number().int(),
  expected_date: z.string().nullable(),
});
export type LineBackorder = z.infer<typeof lineBackorderSchema>;

/**
 * A cart line over the stock of an article that may not be backordered (someone else bought
 * first): only `available` (0 or more) can be ordered now, and the checkout will refuse the line
 * until its quantity is changed. Extra attribute of a cart line (decision 030).
 */
export const lineShortageSchema = z.object({
  available: z.number().int(),
  expected_date: z.string().nullable(),
});
export type LineShortage = z.infer<typeof lineShortageSchema>;
