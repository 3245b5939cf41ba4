import { asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { contentPages, notFoundPaths, redirects } from '../../db/schema';

/** Redirects and the not-found log (issue 43 point 6); the content module owns both tables. */

const redirectColumns = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  status: redirects.status,
  updatedAt: redirects.updatedAt,
  page: { id: contentPages.id, uuid: contentPages.uuid, titleNl: contentPages.titleNl, titleEn: contentPages.titleEn, pathNl: contentPages.pathNl, pathEn: contentPages.pathEn },
};

export interface RedirectRow {
  id: number;
  fromPath: string;
  toPath: string | null;
  status: number;
  updatedAt: Date;
  page: { id: number; uuid: string; titleNl: string; titleEn: string; pathNl: string; pathEn: string } | null;
}

const withPage = (db: DbOrTx) => db.select(redirectColumns).from(redirects).leftJoin(contentPages, eq(contentPages.id, redirects.toPageId));

export async function findRedirectByFrom(db: DbOrTx, fromPath: string): Promise<RedirectRow | undefined> {
  const [row] = await withPage(db).where(eq(redirects.fromPath, fromPath));
  return row;
}

export async function findRedirectById(db: DbOrTx, id: number): Promise<RedirectRow | undefined> {
  const [row] = await withPage(db).where(eq(redirects.id, id));
  return row;
}

/** Redirects whose old path is one of these (lower case). */
export function findRedirectsFrom(db: DbOrTx, fromPaths: readonly string[]): Promise<RedirectRow[]> {
  if (fromPaths.length === 0) return Promise.resolve([]);
  return withPage(db).where(inArray(redirects.fromPath, [...fromPaths]));
}

/** Redirects that lead to this path (compared without case). */
export function findRedirectsTo(db: DbOrTx, path: string): Promise<RedirectRow[]> {
  return withPage(db).where(sql`lower(${redirects.toPath}) = ${path.toLowerCase()}`);
}

export async function listRedirects(db: DbOrTx, search: string, limit: number, offset: number): Promise<{ rows: RedirectRow[]; total: number }> {
  const where = search ? or(ilike(redirects.fromPath, containsPattern(search)), ilike(redirects.toPath, containsPattern(search))) : undefined;
  const rows = await withPage(db).where(where).orderBy(asc(redirects.fromPath)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(redirects).where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface RedirectValues {
  fromPath: string;
  toPageId: number | null;
  toPath: string | null;
  status: number;
}

export async function insertRedirect(db: DbOrTx, values: RedirectValues, at: Date): Promise<number> {
  const [row] = await db.insert(redirects).values({ ...values, createdAt: at, updatedAt: at }).returning({ id: redirects.id });
  return row!.id;
}

export async function updateRedirect(db: DbOrTx, id: number, values: RedirectValues, at: Date): Promise<void> {
  await db.update(redirects).set({ ...values, updatedAt: at }).where(eq(redirects.id, id));
}

/**
 * Store a set of redirects in one statement: a new old path is inserted, one that has a redirect
 * changes it. Answers each old path's redirect id.
 */
export async function upsertRedirects(db: DbOrTx, values: readonly RedirectValues[], at: Date): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insert(redirects)
    .values(values.map((v) => ({ ...v, createdAt: at, updatedAt: at })))
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPageId: sql`excluded.to_page_id`, toPath: sql`excluded.to_path`, status: sql`excluded.status`, updatedAt: at } })
    .returning({ id: redirects.id, fromPath: redirects.fromPath });
  return new Map(rows.map((row) => [row.fromPath, row.id]));
}

export async function deleteRedirect(db: DbOrTx, id: number): Promise<void> {
  await db.delete(redirects).where(eq(redirects.id, id));
}

/** Every redirect's old path and where it leads, for checking a whole import against them. */
export function allRedirectTargets(db: DbOrTx): Promise<Array<{ id: number; fromPath: string; toPath: string | null }>> {
  return db.select({ id: redirects.id, fromPath: redirects.fromPath, toPath: redirects.toPath }).from(redirects);
}

/** Pages (in any state) at this path in either language, compared without case. */
export function findPagesAtPath(db: DbOrTx, path: string): Promise<Array<{ id: number }>> {
  const lower = path.toLowerCase();
  return db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(sql`(lower(${contentPages.pathNl}) = ${lower} or lower(${contentPages.pathEn}) = ${lower})`);
}

/** Of these paths (lower case), the ones where a page lives. */
export async function pagePathsAmong(db: DbOrTx, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ nl: sql<string>`lower(${contentPages.pathNl})`, en: sql<string>`lower(${contentPages.pathEn})` })
    .from(contentPages)
    .where(or(inArray(sql`lower(${contentPages.pathNl})`, [...paths]), inArray(sql`lower(${contentPages.pathEn})`, [...paths])));
  return new Set(rows.flatMap((row) => [row.nl, row.en]).filter((path) => paths.includes(path)));
}

export async function findPageByUuid(db: DbOrTx, uuid: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.uuid, uuid));
  return row;
}

/** One more visit of a path nobody found; a new path is only logged while the log holds fewer than `cap`. */
export async function countNotFound(db: DbOrTx, path: string, referrerHost: string | null, at: Date, cap: number): Promise<void> {
  const updated = await db
    .update(notFoundPaths)
    .set({ count: sql`${notFoundPaths.count} + 1`, lastSeenAt: at, referrerHost: sql`coalesce(${referrerHost}, ${notFoundPaths.referrerHost})` })
    .where(eq(notFoundPaths.path, path))
    .returning({ id: notFoundPaths.id });
  if (updated.length > 0) return;
  await db.execute(sql`
    insert into not_found_paths (path, count, first_seen_at, last_seen_at, referrer_host)
    select ${path}, 1, ${at}, ${at}, ${referrerHost} where (select count(*) from not_found_paths) < ${cap}
    on conflict (path) do update set count = not_found_paths.count + 1, last_seen_at = excluded.last_seen_at`);
}

export type NotFoundRow = typeof notFoundPaths.$inferSelect;

export async function listNotFound(db: DbOrTx, limit: number, offset: number): Promise<{ rows: NotFoundRow[]; total: number }> {
  const rows = await db.select().from(notFoundPaths).orderBy(desc(notFoundPaths.count), desc(notFoundPaths.lastSeenAt), asc(notFoundPaths.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(notFoundPaths);
  return { rows, total: total?.n ?? 0 };
}

export async function findNotFound(db: DbOrTx, id: number, { lock = false } = {}): Promise<NotFoundRow | undefined> {
  const query = db.select().from(notFoundPaths).where(eq(notFoundPaths.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function deleteNotFound(db: DbOrTx, id: number): Promise<void> {
  await db.delete(notFoundPaths).where(eq(notFoundPaths.id, id));
}

/** A path that got a redirect leaves the log. */
export async function deleteNotFoundPath(db: DbOrTx, path: string): Promise<void> {
  await db.delete(notFoundPaths).where(eq(notFoundPaths.path, path));
}

/** Drop these paths from the not-found log (they have a redirect now). */
export async function deleteNotFoundPaths(db: DbOrTx, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db.delete(notFoundPaths).where(inArray(notFoundPaths.path, [...paths]));
}
