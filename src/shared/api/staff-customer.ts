import { z } from 'zod';
import { langcode } from './json-api';

/**
 * The staff customer page (issue 42, point 7): a relation with its price list, addresses,
 * users and open invoices, and what staff do for its users (invite, block, unblock, resend the
 * welcome mail). Its recent orders come from the orders board's call, its timeline from the
 * audit log's.
 */

/** /api/staff/relations/{relation}: the relation's uuid. */
export const staffRelationParams = z.object({
  relation: z.uuid('relation is the uuid of a customer relation.'),
});

/** /api/staff/users/{user}/…: a customer user's uuid. */
export const staffUserParams = z.object({
  user: z.uuid('user is the uuid of a user.'),
});

export const staffCustomerUser = z.object({
  id: z.string(),
  drupal_internal__uid: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  mail: z.string(),
  langcode,
  /** False: blocked, cannot log in. */
  active: z.boolean(),
  /** False: the user has not chosen a password yet (the welcome mail's link is unused). */
  has_password: z.boolean(),
  last_login_at: z.iso.datetime({ offset: true }).nullable(),
});
export type StaffCustomerUser = z.infer<typeof staffCustomerUser>;

export const staffRelationAddress = z.object({
  profile_id: z.number().int(),
  label: z.string(),
  address_line1: z.string(),
  postal_code: z.string(),
  locality: z.string(),
  country_code: z.string(),
  is_default: z.boolean(),
});

export const staffOpenInvoice = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  entry_date: z.string(),
  order_number: z.string().nullable(),
  /** Cents; negative is a credit. */
  outstanding_cents: z.number().int(),
});

/** GET /api/staff/relations/{relation} */
export const staffCustomerResponse = z.object({
  relation: z.object({
    id: z.string(),
    drupal_internal__id: z.number().int(),
    erp_number: z.string(),
    name: z.string(),
    address: z.object({ address_line1: z.string(), postal_code: z.string(), locality: z.string(), country_code: z.string() }),
    phone: z.string(),
    mail: z.string(),
    coc_number: z.string(),
    vat_number: z.string(),
    pricelist: z.object({ code: z.string(), name: z.string() }),
    langcode,
    delivery_days: z.array(z.string()),
    active: z.boolean(),
  }),
  addresses: z.array(staffRelationAddress),
  users: z.array(staffCustomerUser),
  open_invoices: z.array(staffOpenInvoice),
});
export type StaffCustomerResponse = z.infer<typeof staffCustomerResponse>;

/** POST /api/staff/relations/{relation}/users: a new user of the relation, who gets the welcome mail. */
export const inviteUserBody = z.object({
  mail: z.email('Fill in a valid e-mail address.').max(254, 'An e-mail address is at most 254 characters.'),
  /** The login name; the e-mail address when left empty. */
  login_name: z
    .string()
    .trim()
    .max(60, 'A login name is at most 60 characters.')
    .regex(/^[\p{L}\p{N}._@+-]*$/u, 'A login name has letters, digits and . _ @ + - only.')
    .optional()
    .default(''),
  firstname: z.string().trim().min(1, 'Fill in a first name.').max(60, 'A first name is at most 60 characters.'),
  surname_prefix: z.string().trim().max(60, 'A surname prefix is at most 60 characters.').optional().default(''),
  surname: z.string().trim().min(1, 'Fill in a surname.').max(60, 'A surname is at most 60 characters.'),
  langcode,
});
export type InviteUserBody = z.input<typeof inviteUserBody>;

/** POST /api/staff/users/{user}/block: a reason is asked. */
export const blockUserBody = z.object({
  reason: z.string().trim().min(1, 'Give a reason.').max(500, 'A reason is at most 500 characters.'),
});
export type BlockUserBody = z.input<typeof blockUserBody>;

/** What a user action answers: the user as it is now. */
export const staffUserResponse = z.object({ user: staffCustomerUser });
export type StaffUserResponse = z.infer<typeof staffUserResponse>;
