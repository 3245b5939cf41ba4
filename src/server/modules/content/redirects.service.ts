import {
  REDIRECTS_PER_PAGE,
  type NotFoundListResponse,
  type NotFoundRedirectBody,
  type RedirectBody,
  type RedirectListParams,
  type RedirectListResponse,
  type StaffRedirect,
} from '../../../shared/api/staff-redirects';
import type { Actor } from '../../context/actor';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { localized, type Localized } from '../../i18n';
import { recordAudit } from '../audit/audit.service';
import { fromPathOf, isOutside, type KnownPaths, redirectProblem, toPathOf } from './redirect-rules';
import { REDIRECT_MESSAGES } from './redirects.messages';
import * as repo from './redirects.repository';

/**
 * Redirects and the not-found log for staff with the content role (issue 43 point 6). Each
 * change is one transaction with its audit entry; a path that gets a redirect leaves the log.
 */

export interface RedirectsContext {
  db: Db;
  now: () => Date;
}

function redirectView(row: repo.RedirectRow): StaffRedirect {
  return {
    id: row.id,
    from_path: row.fromPath,
    to_page: row.page ? { uuid: row.page.uuid, title_nl: row.page.titleNl, title_en: row.page.titleEn, path_nl: row.page.pathNl, path_en: row.page.pathEn } : null,
    to_path: row.toPath,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
  };
}

const auditSide = (values: repo.RedirectValues) => ({ from_path: values.fromPath, to_page_id: values.toPageId, to_path: values.toPath, status: values.status });

const invalid = (field: string, message: Localized) => badRequest('invalid_redirect', message, [{ field, message }]);

/** Read the target: a page (by uuid) or a path, exactly one. */
async function targetOf(db: DbOrTx, body: NotFoundRedirectBody): Promise<Pick<repo.RedirectValues, 'toPageId' | 'toPath'>> {
  const path = body.to_path?.trim() ?? '';
  if (body.to_page && path !== '') throw invalid('to_path', localized(REDIRECT_MESSAGES, 'target_both'));
  if (body.to_page) {
    const page = await repo.findPageByUuid(db, body.to_page.toLowerCase());
    if (!page) throw invalid('to_page', localized(REDIRECT_MESSAGES, 'page_not_found'));
    return { toPageId: page.id, toPath: null };
  }
  if (path === '') throw invalid('to_path', localized(REDIRECT_MESSAGES, 'target_required'));
  const toPath = toPathOf(path);
  if (toPath === null) throw invalid('to_path', localized(REDIRECT_MESSAGES, 'bad_to_path'));
  return { toPageId: null, toPath };
}

/** What the rules must know about one redirect's paths, read from the database. */
async function knownFor(db: DbOrTx, values: repo.RedirectValues): Promise<KnownPaths> {
  const to = values.toPath !== null && !isOutside(values.toPath) ? values.toPath.toLowerCase() : null;
  const starting = await repo.findRedirectsFrom(db, to === null ? [values.fromPath] : [values.fromPath, to]);
  const leading = await repo.findRedirectsTo(db, values.fromPath);
  const pages = await repo.findPagesAtPath(db, values.fromPath);
  return {
    redirectFrom: (path) => starting.find((row) => row.fromPath === path),
    redirectsTo: (path) => (path === values.fromPath ? leading : []),
    isPagePath: (path) => path === values.fromPath && pages.length > 0,
  };
}

/** Check: the rules of redirect-rules.ts, or a 400 naming the field. */
async function checkRedirect(db: DbOrTx, values: repo.RedirectValues, id?: number): Promise<void> {
  const problem = redirectProblem({ id, fromPath: values.fromPath, toPath: values.toPath }, await knownFor(db, values));
  if (problem) throw invalid(problem.field, problem.message);
}

async function valuesOf(db: DbOrTx, fromRaw: string, body: NotFoundRedirectBody): Promise<repo.RedirectValues> {
  return { fromPath: fromPathOf(fromRaw), ...(await targetOf(db, body)), status: body.status ?? 301 };
}

async function shown(db: DbOrTx, id: number): Promise<StaffRedirect> {
  return redirectView((await repo.findRedirectById(db, id))!);
}

/** GET /api/staff/redirects */
export async function listRedirects({ db }: RedirectsContext, query: RedirectListParams): Promise<RedirectListResponse> {
  const { page } = query;
  const { rows, total } = await repo.listRedirects(db, query.search, REDIRECTS_PER_PAGE, (page - 1) * REDIRECTS_PER_PAGE);
  return { data: rows.map(redirectView), meta: { count: total, page, per_page: REDIRECTS_PER_PAGE } };
}

/** POST /api/staff/redirects: checked, stored and audited; its path leaves the not-found log. */
export async function createRedirect(ctx: RedirectsContext, actor: Actor, body: RedirectBody): Promise<StaffRedirect> {
  return ctx.db.transaction(async (tx) => {
    const values = await valuesOf(tx, body.from_path, body);
    await checkRedirect(tx, values);
    const id = await repo.insertRedirect(tx, values, ctx.now());
    await repo.deleteNotFoundPath(tx, values.fromPath);
    await recordAudit(tx, actor, { entity: 'redirect', entityId: id, action: 'redirect.create', after: auditSide(values), at: ctx.now() });
    return shown(tx, id);
  });
}

async function existing(db: DbOrTx, id: number): Promise<repo.RedirectRow> {
  const row = await repo.findRedirectById(db, id);
  if (!row) throw notFound(localized(REDIRECT_MESSAGES, 'redirect_not_found'), 'redirect_not_found');
  return row;
}

const valuesOfRow = (row: repo.RedirectRow): repo.RedirectValues => ({ fromPath: row.fromPath, toPageId: row.page?.id ?? null, toPath: row.toPath, status: row.status });

/** PATCH /api/staff/redirects/{id} */
export async function updateRedirect(ctx: RedirectsContext, actor: Actor, id: number, body: RedirectBody): Promise<StaffRedirect> {
  return ctx.db.transaction(async (tx) => {
    const before = await existing(tx, id);
    const values = await valuesOf(tx, body.from_path, body);
    await checkRedirect(tx, values, id);
    await repo.updateRedirect(tx, id, values, ctx.now());
    await repo.deleteNotFoundPath(tx, values.fromPath);
    await recordAudit(tx, actor, { entity: 'redirect', entityId: id, action: 'redirect.change', before: auditSide(valuesOfRow(before)), after: auditSide(values), at: ctx.now() });
    return shown(tx, id);
  });
}

/** DELETE /api/staff/redirects/{id} */
export async function deleteRedirect(ctx: RedirectsContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await existing(tx, id);
    await repo.deleteRedirect(tx, id);
    await recordAudit(tx, actor, { entity: 'redirect', entityId: id, action: 'redirect.delete', before: auditSide(valuesOfRow(before)), at: ctx.now() });
  });
}

/** GET /api/staff/not-found: the paths most often not found first. */
export async function listNotFound({ db }: RedirectsContext, page: number): Promise<NotFoundListResponse> {
  const { rows, total } = await repo.listNotFound(db, REDIRECTS_PER_PAGE, (page - 1) * REDIRECTS_PER_PAGE);
  return {
    data: rows.map((row) => ({ id: row.id, path: row.path, count: row.count, first_seen_at: row.firstSeenAt.toISOString(), last_seen_at: row.lastSeenAt.toISOString(), referrer_host: row.referrerHost })),
    meta: { count: total, page, per_page: REDIRECTS_PER_PAGE },
  };
}

async function loggedPath(db: DbOrTx, id: number, { lock = false } = {}): Promise<repo.NotFoundRow> {
  const row = await repo.findNotFound(db, id, { lock });
  if (!row) throw notFound(localized(REDIRECT_MESSAGES, 'not_found_path_gone'), 'not_found_path_gone');
  return row;
}

/** POST /api/staff/not-found/{id}/redirect: the logged path becomes a redirect in one step (creating it takes the path off the log). */
export async function redirectNotFound(ctx: RedirectsContext, actor: Actor, id: number, body: NotFoundRedirectBody): Promise<StaffRedirect> {
  const path = (await loggedPath(ctx.db, id)).path;
  return createRedirect(ctx, actor, { ...body, from_path: path });
}

/** DELETE /api/staff/not-found/{id}: a path not worth a redirect leaves the log. */
export async function dismissNotFound(ctx: RedirectsContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await loggedPath(tx, id, { lock: true });
    await repo.deleteNotFound(tx, id);
    await recordAudit(tx, actor, { entity: 'not_found_path', entityId: id, action: 'not_found.dismiss', before: { path: row.path, count: row.count }, at: ctx.now() });
  });
}

