import { z } from 'zod';

export const menuNames = ['webshop-footer-order', 'webshop-footer-my-page', 'webshop-footer-menu'] as const;

/** GET /jsonapi/menu_items/{menu} */
export const menuItemsParams = z.object({
  menu: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, 'A menu name has 1 to 64 lower-case letters, digits, dashes or underscores.'),
});

export const menuLink = z.object({
  type: z.literal('menu_link_content--menu_link_content'),
  id: z.string(),
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
