import { z } from 'zod';
import { langcode } from './json-api';

import { loginResponse } from './session';

/** Customers per page of the staff customer list. */
export const CUSTOMERS_PER_PAGE = 25;

/** `?page=` of a staff list: a whole number from 1 (default 1). */
export const staffPage = z.coerce
  .number({ message: 'page is a whole number from 1.' })
  .int('page is a whole number from 1.')
  .min(1, 'page is a whole number from 1.')
  .max(100_000, 'page is at most 100000.')
  .optional()
  .default(1);

/** GET /api/staff/customers?search=&page= */
export const customerListQuery = z.object({
  search: z.string().trim().max(100, 'A search is at most 100 characters.').optional().default(''),
  page: staffPage,
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerRelation = z.object({
  id: z.string(),
  drupal_internal__id: z.number().int(),
  name: z.string(),
  erp_number: z.string(),
  pricelist: z.string(),
  langcode,
});

/** One customer user as staff see it in the list. */
export const customerListItem = z.object({
  id: z.string(),
  drupal_internal__uid: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  mail: z.string(),
  langcode,
  relation: customerRelation.nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

/** The meta of a staff list answered a page at a time: all matches (not only this page), the page, its size. */
export const staffPageMeta = z.object({
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const customerListResponse = z.object({
  data: z.array(customerListItem),
  meta: staffPageMeta,
});
export type CustomerListResponse = z.infer<typeof customerListResponse>;

/** POST /api/staff/masquerade/{userId} */
export const masqueradeParams = z.object({
  userId: z.coerce
    .number({ message: 'userId is a user id.' })
    .int('userId is a user id.')
    .min(1, 'userId is a user id.')
    .max(2_147_483_647, 'userId is a user id.'),
});

/** Answers as login does: the new session's user and tokens. */
export const masqueradeResponse = loginResponse;
export type MasqueradeResponse = z.infer<typeof masqueradeResponse>;
