import { z } from 'zod';
import { langcode, resource } from './json-api';

/** The active relation as folded into the current user by `include=active_relation`. */
export const activeRelation = z.object({
  ...resource('relation--relation'),
  drupal_internal__id: z.number().int(),
  name: z.string(),
  pricelist: z.string(),
  langcode,
});
export type ActiveRelation = z.infer<typeof activeRelation>;

/** GET /jsonapi/current-user?jsonapi_include=1&include=active_relation */
export const currentUserResponse = z.object({
  data: z.object({
    ...resource('user--user'),
    drupal_internal__uid: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    mail: z.string(),
    roles: z.array(z.string()),
    is_masquerading: z.boolean(),
    firstname: z.string(),
    surname_prefix: z.string(),
    surname: z.string(),
    langcode,
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

/** New passwords: at least this many characters (spec section 9). */
export const PASSWORD_MIN_LENGTH = 5;

/** POST /api/account/change-password. Lengths and matching are checked by the service (status 0). */
export const changePasswordRequest = z.object({
  current: z.string().max(1024),
  new: z.string().max(1024),
  repeat: z.string().max(1024),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const passwordField = z.enum(['current', 'new', 'repeat']);
export type PasswordField = z.infer<typeof passwordField>;

/** 200 `{ status: 1 }`; 400 `{ status: 0, validation: [{ field, message }], message }`. */
export const changePasswordResponse = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  validation: z.array(z.object({ field: passwordField, message: z.string() })).optional(),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** GET /jsonapi/relation/relation/{relation_uuid} (spec section 3, Relation). */
export const relationParams = z.object({ relation_uuid: z.string().max(64) });

export const relationAddress = z.object({
  address_line1: z.string(),
  postal_code: z.string(),
  locality: z.string(),
  country_code: z.string(),
});

export const relationResponse = z.object({
  data: z.object({
    ...resource('relation--relation'),
    attributes: z.object({
      drupal_internal__id: z.number().int(),
      name: z.string(),
      address: relationAddress,
      phone: z.string(),
      mail: z.string(),
      coc_number: z.string(),
      vat_number: z.string(),
      /** Free text as the ERP writes it; its first integer is the threshold. */
      free_delivery_amount: z.string(),
      /** Weekday names in English lower case; empty means monday to friday. */
      delivery_days: z.array(z.string()),
      delivery_addresses: z.array(relationAddress.extend({ profile_id: z.number().int(), label: z.string() })),
      pricelist: z.string(),
      langcode,
    }),
  }),
});
export type RelationResponse = z.infer<typeof relationResponse>;
export type RelationRecord = RelationResponse['data'];
