import type { CustomerListResponse, MasqueradeResponse } from '../../../shared/api/staff';
import { CUSTOMERS_PER_PAGE } from '../../../shared/api/staff';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import type { Lang } from '../../plugins/language';
import { displayName } from '../../context/display-name';
import { crossSiteCheck } from '../../plugins/cross-site';
import type { ActiveSession } from '../../context/session';
import { countCustomerUsers, findCustomerUsers, findUserWithRelationLanguage } from '../auth/customer-users.service';
import type { SessionService } from '../auth/session.service';
import * as repo from './staff.repository';
import type { InviteUserBody } from '../../../shared/api/staff-customer';
import type { Actor } from '../../context/actor';
import type { WelcomeDeps } from '../auth/welcome.service';
import * as customer from './staff-customer';
import { staffDashboard } from './staff-dashboard';
import type { StaffCustomerContext } from './staff-customer';

const asLang = (code: string): 'nl' | 'en' => (code === 'en' ? 'en' : 'nl');

export interface SwitchBackRequest {
  session: ActiveSession | null;
  token: string | undefined;
  lang: Lang;
  ip: string;
  /** The browser's Sec-Fetch-Site header, when it sent one. */
  fetchSite: string | undefined;
  referer: string | undefined;
}

/** Where the browser goes next, and the session cookie to set or clear on the way. */
export type SwitchBackOutcome =
  | { kind: 'switched'; location: string; token: string; cookieExpires: Date | null }
  | { kind: 'redirect'; location: string }
  | { kind: 'ended'; location: string };

/** What the staff service's functions share. */
export interface StaffContext {
  db: Db;
  sessions: SessionService;
  /** The shop's address, without a trailing slash. */
  shop: string;
  /** GET switch-back changes the session: a cross-site page may not trigger it. */
  isCrossSite: ReturnType<typeof crossSiteCheck>;
}

/** Active customer users (never staff), by company then name, one page at a time. */
export async function listCustomers(ctx: StaffContext, search: string, page: number): Promise<CustomerListResponse> {
  const { db } = ctx;
  const offset = (page - 1) * CUSTOMERS_PER_PAGE;
  const [rows, total] = await Promise.all([
    findCustomerUsers(db, search, CUSTOMERS_PER_PAGE, offset),
    countCustomerUsers(db, search),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.uuid,
      drupal_internal__uid: row.id,
      name: row.name,
      display_name: displayName(row),
      mail: row.mail,
      langcode: asLang(row.langcode),
      relation: row.relation
        ? {
            id: row.relation.uuid,
            drupal_internal__id: row.relation.id,
            name: row.relation.name,
            erp_number: row.relation.erpNumber,
            pricelist: row.relation.pricelist,
            langcode: asLang(row.relation.langcode),
          }
        : null,
    })),
    meta: { count: total, page, per_page: CUSTOMERS_PER_PAGE },
  };
}

/**
 * Staff become the customer: a new session for the customer that remembers the staff user;
 * the staff session ends. Written to the masquerade log before the session exists, so no
 * masquerade goes unlogged.
 */
export async function startMasquerade(
  ctx: StaffContext,
  session: ActiveSession,
  token: string | undefined,
  targetUserId: number,
  ip: string,
): Promise<{ token: string; cookieExpires: Date | null; body: MasqueradeResponse }> {
  const { db, sessions } = ctx;
  if (session.masqueradeFromUserId !== null) {
    throw forbidden('You are already logged in as a customer; go back to your own account first.', 'masquerade.already_masquerading');
  }
  if (!session.user.roles.includes('staff')) throw forbidden('Only staff may do this.', 'staff_only');
  const target = await findUserWithRelationLanguage(db, targetUserId);
  if (!target || !target.active) throw notFound('No active user with this id.', 'masquerade.user_not_found');
  if (target.roles.includes('staff')) {
    throw forbidden('Staff users cannot be masqueraded as.', 'masquerade.target_is_staff');
  }
  if (!target.roles.includes('customer')) throw notFound('No customer with this id.', 'masquerade.user_not_found');

  await repo.insertMasqueradeLog(db, { staffUserId: session.user.id, customerUserId: target.id, action: 'start', ip });
  // The masquerade keeps the staff login's lifetime: switching does not extend it.
  return sessions.startAnswered(target, token, session.user.id, session.lifetime);
}

/** A masquerading session that logs out ends the masquerade too: the log says so. */
export async function recordLogout(ctx: StaffContext, session: ActiveSession | null, ip: string): Promise<void> {
  const { db } = ctx;
  if (!session || session.masqueradeFromUserId === null) return;
  await repo.insertMasqueradeLog(db, {
    staffUserId: session.masqueradeFromUserId,
    customerUserId: session.user.id,
    action: 'end',
    ip,
  });
}

/** Ends a masquerade and hands the browser back to the shop as the staff user. */
export async function switchBack(ctx: StaffContext, input: SwitchBackRequest): Promise<SwitchBackOutcome> {
  const { db, sessions, shop, isCrossSite } = ctx;
  if (isCrossSite(input.fetchSite, input.referer)) {
    throw new AppError(403, 'masquerade.cross_site', 'Switching back must start from the shop itself.');
  }
  const { session } = input;
  if (!session) return { kind: 'redirect', location: `${shop}/user/login` };
  // Not masquerading (e.g. a second tab that already switched back): nothing to end.
  if (session.masqueradeFromUserId === null) {
    return { kind: 'redirect', location: `${shop}/${input.lang}/assortment` };
  }
  const staffUserId = session.masqueradeFromUserId;
  await repo.insertMasqueradeLog(db, { staffUserId, customerUserId: session.user.id, action: 'end', ip: input.ip });
  const staff = await findUserWithRelationLanguage(db, staffUserId);
  if (!staff || !staff.active || !staff.roles.includes('staff')) {
    // The staff account was blocked meanwhile: the masquerade ends without a new session.
    await sessions.end(input.token);
    return { kind: 'ended', location: `${shop}/user/login` };
  }
  const started = await sessions.start(staff.id, input.token, null, session.lifetime);
  return {
    kind: 'switched',
    location: `${shop}/${input.lang}/staff/customers`,
    token: started.token,
    cookieExpires: started.cookieExpires,
  };
}

export function createStaffService(
  db: Db,
  sessions: SessionService,
  options: { publicUrl: string; corsOrigins: readonly string[]; welcome: WelcomeDeps; now: () => Date },
) {
  const ctx: StaffContext = { db, sessions, shop: options.publicUrl.replace(/\/+$/, ''), isCrossSite: crossSiteCheck(options.corsOrigins) };
  const customers: StaffCustomerContext = { db, welcome: options.welcome, now: options.now };
  return {
    dashboard: (lang: Lang) => staffDashboard(db, options.now(), lang),
    customer: {
      page: (relation: string) => customer.customerPage(customers, relation),
      invite: (actor: Actor, relation: string, body: Required<InviteUserBody>) => customer.invite(customers, actor, relation, customer.normalizedInvite(body)),
      block: (actor: Actor, user: string, reason: string) => customer.block(customers, actor, user, reason),
      unblock: (actor: Actor, user: string) => customer.unblock(customers, actor, user),
      resendWelcome: (actor: Actor, user: string) => customer.resendWelcome(customers, actor, user),
    },
    listCustomers: (search: string, page: number) => listCustomers(ctx, search, page),
    startMasquerade: (session: ActiveSession, token: string | undefined, targetUserId: number, ip: string) => startMasquerade(ctx, session, token, targetUserId, ip),
    recordLogout: (session: ActiveSession | null, ip: string) => recordLogout(ctx, session, ip),
    switchBack: (input: SwitchBackRequest) => switchBack(ctx, input),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
