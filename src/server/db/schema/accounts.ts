import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idAndUuid, moment, refersTo, stamped } from './columns';
import { priceLists } from './catalog';

/** A customer company of the wholesaler (from the ERP). `id` is Drupal's internal id. */
export const relations = pgTable('relations', {
  ...idAndUuid(),
  erpNumber: text('erp_number').notNull().unique(),
  name: text('name').notNull(),
  addressLine1: text('address_line1').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  locality: text('locality').notNull().default(''),
  countryCode: text('country_code').notNull().default('NL'),
  phone: text('phone').notNull().default(''),
  mail: text('mail').notNull().default(''),
  cocNumber: text('coc_number').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  pricelist: text('pricelist')
    .notNull()
    .references(() => priceLists.code),
  langcode: text('langcode').notNull().default('nl'),
  /** Free text as the ERP writes it, e.g. "Franco vanaf € 350,-"; the first integer is the threshold. */
  freeDeliveryAmount: text('free_delivery_amount').notNull().default(''),
  /** Weekday names in English lower case: monday … sunday. Empty means monday to friday. */
  deliveryDays: text('delivery_days')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Whether deposits count towards the free-delivery amount (decision 028; default: they do not). */
  depositsCountFreeDelivery: boolean('deposits_count_free_delivery').notNull().default(false),
  /** Whether an order needs the customer's purchase-order reference before it is placed (from the ERP). */
  poReferenceRequired: boolean('po_reference_required').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: stamped('created_at'),
  updatedAt: stamped('updated_at'),
});

/** A delivery address (Commerce customer profile) of a relation. `id` is the profile id. */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    relationId: refersTo('relation_id', () => relations.id, 'cascade'),
    erpCode: text('erp_code').notNull(),
    label: text('label').notNull(),
    addressLine1: text('address_line1').notNull(),
    postalCode: text('postal_code').notNull(),
    locality: text('locality').notNull(),
    countryCode: text('country_code').notNull().default('NL'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [uniqueIndex('delivery_addresses_relation_code').on(t.relationId, t.erpCode)],
);

export const users = pgTable(
  'users',
  {
    ...idAndUuid(),
    /** Login name; unique without regard to case. */
    name: text('name').notNull(),
    mail: text('mail').notNull(),
    /** argon2id hash; null means the user has not set a password yet. */
    pass: text('pass'),
    firstname: text('firstname').notNull().default(''),
    surnamePrefix: text('surname_prefix').notNull().default(''),
    surname: text('surname').notNull().default(''),
    langcode: text('langcode').notNull().default('nl'),
    /** 'customer' and/or 'staff'. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    relationId: integer('relation_id').references(() => relations.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    /**
     * Set while staff (or the relation's owner) have blocked the user; the user is inactive then,
     * and an ERP import does not make them active again.
     */
    blockedAt: moment('blocked_at'),
    /** 'erp' (imported) or 'shop' (invited in the shop): an import's full user list leaves the shop's alone. */
    origin: text('origin').notNull().default('erp'),
    createdAt: stamped('created_at'),
    changedAt: stamped('changed_at'),
    /** Last successful login; part of the password-reset hash, so a login kills old links. */
    lastLoginAt: moment('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_name_lower').on(sql`lower(${t.name})`),
    index('users_mail_lower').on(sql`lower(${t.mail})`),
    index('users_relation').on(t.relationId),
  ],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: refersTo('user_id', () => users.id, 'cascade'),
    /** The staff user behind a masquerade, null otherwise. */
    masqueradeFromUserId: integer('masquerade_from_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: stamped('created_at'),
    lastSeenAt: stamped('last_seen_at'),
    expiresAt: moment('expires_at').notNull(),
    /**
     * The login's 'Remember me': true (the cookie lasts up to the absolute lifetime), false (the
     * cookie ends with the browser, a short idle time), null (not sent: the idle lifetime, as
     * before the field existed). Decision 015.
     */
    remember: boolean('remember'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

/**
 * Flood control events (Drupal's flood table): failed logins and password-reset requests per
 * account and per IP. In the database, so every server instance counts the same attempts.
 */
export const floodEvents = pgTable(
  'flood_events',
  {
    id: serial('id').primaryKey(),
    /** e.g. 'login.account', 'login.ip', 'password_reset.account', 'password_reset.ip'. */
    event: text('event').notNull(),
    /** The account id or the IP address the event counts against. */
    identifier: text('identifier').notNull(),
    createdAt: stamped('created_at'),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [index('flood_events_lookup').on(t.event, t.identifier, t.createdAt), index('flood_events_expires').on(t.expiresAt)],
);

/** Who masqueraded as whom, and when it started and ended. */
export const masqueradeLog = pgTable(
  'masquerade_log',
  {
    id: serial('id').primaryKey(),
    staffUserId: refersTo('staff_user_id', () => users.id, 'cascade'),
    customerUserId: refersTo('customer_user_id', () => users.id, 'cascade'),
    action: text('action', { enum: ['start', 'end'] }).notNull(),
    ip: text('ip').notNull().default(''),
    at: stamped('at'),
  },
  (t) => [index('masquerade_log_staff').on(t.staffUserId, t.at)],
);
