import { z } from 'zod';

/** The active relation as folded into the current user by `include=active_relation`. */
export const activeRelation = z.object({
  type: z.literal('relation--relation'),
  id: z.string(),
  drupal_internal__id: z.number().int(),
  name: z.string(),
  pricelist: z.string(),
  langcode: z.enum(['nl', 'en']),
});
export type ActiveRelation = z.infer<typeof activeRelation>;

/** GET /jsonapi/current-user?jsonapi_include=1&include=active_relation */
export const currentUserResponse = z.object({
  data: z.object({
    type: z.literal('user--user'),
    id: z.string(),
    drupal_internal__uid: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    mail: z.string(),
    roles: z.array(z.string()),
    is_masquerading: z.boolean(),
    firstname: z.string(),
    surname_prefix: z.string(),
    surname: z.string(),
    langcode: z.enum(['nl', 'en']),
    active_relation: activeRelation.nullable(),
  }),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;
export type CurrentUserRecord = CurrentUserResponse['data'];

/** What the web caches in local storage under `current_user` (spec section 3). */
export interface CachedCurrentUser {
  id: number;
  name: string;
  relation: number | null;
  relation_uuid: string | null;
  data: CurrentUserRecord;
}
