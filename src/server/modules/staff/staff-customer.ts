import type { InviteUserBody, StaffCustomerResponse, StaffCustomerUser } from '../../../shared/api/staff-customer';
import type { Actor } from '../../context/actor';
import { displayName } from '../../context/display-name';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { localized } from '../../i18n';
import { findRelationByUuid, relationAddresses } from '../account/addresses.service';
import * as users from '../auth/user-admin.service';
import type { WelcomeDeps } from '../auth/welcome.service';
import { priceListName } from '../catalog/catalog-sql.service';
import { relationOpenInvoices } from '../payments/payments.service';
import { STAFF_MESSAGES } from './staff.messages';

/**
 * The staff customer page (issue 42 point 7): the relation with its price list, addresses,
 * users and open invoices, and what staff do for its users. Each change is one transaction with
 * its audit entry and its mail in the outbox; the mail goes out after the commit.
 */
export interface StaffCustomerContext {
  db: Db;
  welcome: WelcomeDeps;
  now: () => Date;
}

const asLang = (code: string): 'nl' | 'en' => (code === 'en' ? 'en' : 'nl');

function userView(user: users.ManagedUser): StaffCustomerUser {
  return {
    id: user.uuid,
    drupal_internal__uid: user.id,
    name: user.name,
    display_name: displayName(user),
    mail: user.mail,
    langcode: asLang(user.langcode),
    active: user.active,
    has_password: user.hasPassword,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

async function relationOf(db: Db, uuid: string) {
  const relation = await findRelationByUuid(db, uuid.toLowerCase());
  if (!relation) throw notFound(localized(STAFF_MESSAGES, 'relation_not_found'), 'relation_not_found');
  return relation;
}

/** GET /api/staff/relations/{relation} */
export async function customerPage(ctx: StaffCustomerContext, uuid: string): Promise<StaffCustomerResponse> {
  const { db } = ctx;
  const relation = await relationOf(db, uuid);
  const [addresses, relationUsers, invoices, pricelistName] = await Promise.all([
    relationAddresses(db, relation.id),
    users.relationUsers(db, relation.id),
    relationOpenInvoices(db, relation.id),
    priceListName(db, relation.pricelist),
  ]);
  return {
    relation: {
      id: relation.uuid,
      drupal_internal__id: relation.id,
      erp_number: relation.erpNumber,
      name: relation.name,
      address: { address_line1: relation.addressLine1, postal_code: relation.postalCode, locality: relation.locality, country_code: relation.countryCode },
      phone: relation.phone,
      mail: relation.mail,
      coc_number: relation.cocNumber,
      vat_number: relation.vatNumber,
      pricelist: { code: relation.pricelist, name: pricelistName },
      langcode: asLang(relation.langcode),
      delivery_days: relation.deliveryDays,
      active: relation.active,
    },
    addresses: addresses.map((a) => ({
      profile_id: a.id,
      label: a.label,
      address_line1: a.addressLine1,
      postal_code: a.postalCode,
      locality: a.locality,
      country_code: a.countryCode,
      is_default: a.isDefault,
    })),
    users: relationUsers.map(userView),
    open_invoices: invoices.map((i) => ({
      id: i.id,
      invoice_number: i.invoiceNumber,
      entry_date: i.entryDate,
      order_number: i.orderNumber,
      outstanding_cents: i.outstandingCents,
    })),
  };
}

/** After the commit: the mails written in the change's transaction go out now (or by the outbox's job). */
async function deliver(ctx: StaffCustomerContext, mailIds: number[]): Promise<void> {
  await ctx.welcome.outbox.deliver(mailIds);
}

/** POST /api/staff/relations/{relation}/users: a new user, with the welcome mail. */
export async function invite(ctx: StaffCustomerContext, actor: Actor, uuid: string, body: ReturnType<typeof normalizedInvite>): Promise<StaffCustomerUser> {
  const relation = await relationOf(ctx.db, uuid);
  const invited = await ctx.db.transaction((tx) => users.inviteUser(tx, ctx.welcome, actor, relation.id, body, ctx.now()));
  await deliver(ctx, invited.mailIds);
  return userView(await users.customerUser(ctx.db, invited.uuid));
}

/** The invite body as the users' module takes it. */
export function normalizedInvite(body: Required<InviteUserBody>): users.NewUser {
  return {
    mail: body.mail.trim(),
    name: body.login_name,
    firstname: body.firstname,
    surnamePrefix: body.surname_prefix,
    surname: body.surname,
    langcode: body.langcode,
  };
}

export async function block(ctx: StaffCustomerContext, actor: Actor, uuid: string, reason: string): Promise<StaffCustomerUser> {
  await ctx.db.transaction(async (tx) => users.blockUser(tx, actor, await users.lockCustomerUser(tx, uuid), reason, ctx.now()));
  return userView(await users.customerUser(ctx.db, uuid));
}

export async function unblock(ctx: StaffCustomerContext, actor: Actor, uuid: string): Promise<StaffCustomerUser> {
  await ctx.db.transaction(async (tx) => users.unblockUser(tx, actor, await users.lockCustomerUser(tx, uuid), ctx.now()));
  return userView(await users.customerUser(ctx.db, uuid));
}

export async function resendWelcome(ctx: StaffCustomerContext, actor: Actor, uuid: string): Promise<StaffCustomerUser> {
  const mailIds = await ctx.db.transaction(async (tx) => users.resendWelcome(tx, ctx.welcome, actor, await users.lockCustomerUser(tx, uuid), ctx.now()));
  await deliver(ctx, mailIds);
  return userView(await users.customerUser(ctx.db, uuid));
}
