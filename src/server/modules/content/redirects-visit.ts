import { isShopRoute } from '../../../shared/shop-routes';
import type { DbOrTx } from '../../db/client';
import { fromPathOf, isOutside } from './redirect-rules';
import * as repo from './redirects.repository';

/**
 * What a visitor meets (issue 43 point 6): a redirect before the not-found page, for customers
 * and for visitors who are not logged in; and the count of each path nobody found.
 */

/** The most paths the not-found log keeps: past it only paths already there are counted. */
export const NOT_FOUND_LOG_MAX = 10_000;

export interface RedirectTo {
  /** Where to: a path of the shop with the visitor's language, or an outside address. */
  location: string;
  status: 301 | 302;
  /** The old path as stored. */
  from: string;
}

/** The redirect of a path as the visitor asked for it, in their language; null when there is none. */
export async function redirectFor(db: DbOrTx, rawPath: string, lang: 'nl' | 'en'): Promise<RedirectTo | null> {
  const from = fromPathOf(rawPath);
  if (isShopRoute(from) || from.includes('\u0000')) return null;
  const row = await repo.findRedirectByFrom(db, from);
  if (!row) return null;
  const prefix = lang === 'en' ? '/en' : '';
  const target = row.page ? `${prefix}${lang === 'en' ? row.page.pathEn : row.page.pathNl}` : isOutside(row.toPath!) ? row.toPath! : `${prefix}${row.toPath!}`;
  return { location: target === '' ? '/' : target, status: row.status === 302 ? 302 : 301, from };
}

/** The host of a referrer, when it is an address of another site; null otherwise. */
export function referrerHostOf(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host === '' || host === ownHost.toLowerCase() ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

/** Counts a visit to a path nobody found; the shop's own paths are left out (no redirect can start there). */
export async function countNotFound(db: DbOrTx, rawPath: string, referrerHost: string | null, at: Date): Promise<void> {
  const path = fromPathOf(rawPath);
  if (isShopRoute(path) || path.includes('\u0000') || path.length > 500) return;
  await repo.countNotFound(db, path, referrerHost, at, NOT_FOUND_LOG_MAX);
}
