import { z } from 'zod';
import { langcode, resource } from './json-api';

export const menuNames = ['webshop-footer-order', 'webshop-footer-my-page', 'webshop-footer-menu'] as const;

/** GET /jsonapi/menu_items/{menu} */
export const menuItemsParams = z.object({
  menu: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, 'A menu name has 1 to 64 lower-case letters, digits, dashes or underscores.'),
});

export const menuLink = z.object({
  ...resource('menu_link_content--menu_link_content'),
  attributes: z.object({
    title: z.string(),
    url: z.string(),
    weight: z.number().int(),
    menu_name: z.string(),
    drupal_internal__id: z.number().int(),
    parent: z.string(),
    enabled: z.boolean(),
  }),
});
export type MenuLink = z.infer<typeof menuLink>;

export const menuItemsResponse = z.object({
  data: z.array(menuLink),
});
export type MenuItemsResponse = z.infer<typeof menuItemsResponse>;

/** GET /router/translate-path?path=… (Drupal's decoupled router). */
export const translatePathQuery = z.object({
  path: z
    .string({ message: 'Give the path to resolve, e.g. ?path=/leveringsvoorwaarden.' })
    .min(1, 'Give the path to resolve, e.g. ?path=/leveringsvoorwaarden.')
    .max(2000, 'A path has at most 2000 characters.'),
  /** Where the visitor came from (the page's document.referrer), for the not-found log's referrer host. */
  referrer: z.string().max(2000, 'A referrer has at most 2000 characters.').optional(),
});

export const translatePathPage = z.object({
  /** The page's own address in the request's language. */
  resolved: z.string(),
  isHomePath: z.boolean(),
  entity: z.object({
    canonical: z.string(),
    type: z.literal('node'),
    bundle: z.literal('page'),
    /** Drupal's node id, as a string (as Drupal answers it). */
    id: z.string(),
    uuid: z.string(),
    langcode,
  }),
  label: z.string(),
  jsonapi: z.object({
    /** Absolute URL of the node's JSON:API document, with /en for English. */
    individual: z.string(),
    resourceName: z.literal('node--page'),
    pathPrefix: z.string(),
    basePath: z.string(),
    entryPoint: z.string(),
  }),
});

/**
 * A redirect (issue 43 point 6), as Drupal's decoupled router answers one: where to, from which
 * old path, permanent or temporary. `to` is a shop path with the language, or an outside address.
 */
export const translatePathRedirect = z.object({
  resolved: z.string(),
  isHomePath: z.literal(false),
  redirect: z.array(z.object({ from: z.string(), to: z.string(), status: z.enum(['301', '302']) })).length(1),
});

export const translatePathResponse = z.union([translatePathPage, translatePathRedirect]);
export type TranslatePathResponse = z.infer<typeof translatePathResponse>;
export type TranslatePathPage = z.infer<typeof translatePathPage>;

/** GET /jsonapi/node/page/{uuid} */
export const contentNodeParams = z.object({
  uuid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'A page id is a UUID (8-4-4-4-12 hexadecimal digits).'),
});

export const contentNode = z.object({
  ...resource('node--page'),
  attributes: z.object({
    drupal_internal__nid: z.number().int(),
    langcode,
    status: z.boolean(),
    title: z.string(),
    changed: z.string(),
    /** value: the stored HTML, sanitised; processed: the same with image sources on the backend host. */
    body: z.object({ value: z.string(), processed: z.string(), format: z.string(), summary: z.string() }),
    path: z.object({ alias: z.string(), langcode }),
  }),
  links: z.object({ self: z.object({ href: z.string() }) }),
});
export type ContentNode = z.infer<typeof contentNode>;

export const contentNodeResponse = z.object({
  jsonapi: z.object({ version: z.literal('1.0') }),
  data: contentNode,
  links: z.object({ self: z.object({ href: z.string() }) }),
});
export type ContentNodeResponse = z.infer<typeof contentNodeResponse>;
