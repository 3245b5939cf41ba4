import { z } from 'zod';

import { staffPage, staffPageMeta } from './staff';

/**
 * Redirects and the not-found log (issue 43 point 6): staff with the content role keep the old
 * portal's links working. A redirect leads from an old path to a content page (its path in the
 * visitor's language) or to another path of the shop or an outside https address.
 */

export const REDIRECTS_PER_PAGE = 50;
/** The most lines one CSV import takes. */
export const REDIRECT_IMPORT_MAX_LINES = 5000;

const fromPath = z
  .string({ message: 'Fill in the old path, e.g. /nl/oude-pagina.' })
  .trim()
  .min(1, 'Fill in the old path, e.g. /nl/oude-pagina.')
  .max(500, 'A path is at most 500 characters.');

const toPath = z.string().trim().max(500, 'A path is at most 500 characters.');

export const redirectStatus = z.union([z.literal(301), z.literal(302)], { message: 'A redirect is permanent (301) or temporary (302).' });

/** What a redirect leads to: a page (by uuid) or a path; exactly one. */
export const redirectTarget = z.object({
  to_page: z.uuid('to_page is the uuid of a content page.').optional(),
  to_path: toPath.optional(),
  status: redirectStatus.optional().default(301),
});

/** POST /api/staff/redirects and PATCH /api/staff/redirects/{id} */
export const redirectBody = redirectTarget.extend({ from_path: fromPath });
export type RedirectBody = z.input<typeof redirectBody>;

export const redirectParams = z.object({ id: z.coerce.number({ message: 'id is a whole number.' }).int('id is a whole number.').min(1, 'id is a whole number.') });

export const staffRedirect = z.object({
  id: z.number().int(),
  from_path: z.string(),
  /** The page it leads to, with its title and paths; null for a path. */
  to_page: z.object({ uuid: z.string(), title_nl: z.string(), title_en: z.string(), path_nl: z.string(), path_en: z.string() }).nullable(),
  to_path: z.string().nullable(),
  status: z.number().int(),
  updated_at: z.string(),
});
export type StaffRedirect = z.infer<typeof staffRedirect>;

/** GET /api/staff/redirects?search=&page= */
export const redirectListQuery = z.object({
  search: z.string().trim().max(100, 'A search is at most 100 characters.').optional().default(''),
  page: staffPage,
});
export type RedirectListQuery = z.input<typeof redirectListQuery>;
export type RedirectListParams = z.infer<typeof redirectListQuery>;

export const redirectListResponse = z.object({ data: z.array(staffRedirect), meta: staffPageMeta });
export type RedirectListResponse = z.infer<typeof redirectListResponse>;

export const redirectResponse = z.object({ redirect: staffRedirect });

/** POST /api/staff/redirects/import: the old portal's aliases as CSV (old path;new path;status), all or nothing. */
export const redirectImportBody = z.object({
  csv: z.string({ message: 'Send the CSV text.' }).min(1, 'The CSV file is empty.').max(2_000_000, 'A CSV file is at most 2 MB.'),
});
export const redirectImportResponse = z.object({ created: z.number().int(), updated: z.number().int() });
export type RedirectImportResponse = z.infer<typeof redirectImportResponse>;

/** A path nobody found: how often, when last, from which site. */
export const notFoundPath = z.object({
  id: z.number().int(),
  path: z.string(),
  count: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  referrer_host: z.string().nullable(),
});
export type NotFoundPath = z.infer<typeof notFoundPath>;

/** GET /api/staff/not-found?page=: most often first. */
export const notFoundListQuery = z.object({ page: staffPage });
export const notFoundListResponse = z.object({ data: z.array(notFoundPath), meta: staffPageMeta });
export type NotFoundListResponse = z.infer<typeof notFoundListResponse>;

/** POST /api/staff/not-found/{id}/redirect: the path becomes a redirect and leaves the log. */
export const notFoundRedirectBody = redirectTarget;
export type NotFoundRedirectBody = z.input<typeof notFoundRedirectBody>;
