import { isShopRoute } from '../../../shared/shop-routes';
import { localized, type Localized } from '../../i18n';
import { normalisePath } from './content-path';
import { REDIRECT_MESSAGES } from './redirects.messages';

/**
 * The rules of a redirect (issue 43 point 6), pure: how an old path and a target are read, and
 * what makes a redirect wrong (it hides a shop page or a content page, another starts there,
 * it leads back to itself, or it makes a chain with another redirect).
 */

/** An old path as stored: normalised and lower case; a whole address counts by its path. */
export function fromPathOf(raw: string): string {
  const trimmed = raw.trim();
  let path = trimmed;
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      path = new URL(trimmed).pathname;
    } catch {
      path = trimmed;
    }
  }
  return normalisePath(path).toLowerCase();
}

export const isOutside = (target: string) => /^https?:\/\//i.test(target);

/** A new path as stored: a shop path normalised (its case kept), an outside address as given; null when it is neither. */
export function toPathOf(raw: string): string | null {
  const trimmed = raw.trim();
  if (isOutside(trimmed)) {
    try {
      const url = new URL(trimmed);
      return url.hostname.includes('.') ? url.href : null;
    } catch {
      return null;
    }
  }
  return trimmed.startsWith('/') ? normalisePath(trimmed) : null;
}

export interface RedirectCandidate {
  /** The redirect being changed; none for a new one. */
  id?: number;
  fromPath: string;
  /** A shop path or an outside address; null when it leads to a page. */
  toPath: string | null;
}

/** What the rules need to know of the other redirects and the pages. */
export interface KnownPaths {
  /** The redirect that starts at this (lower-case) path. */
  redirectFrom: (path: string) => { id: number } | undefined;
  /** The redirects that lead to this (lower-case) path. */
  redirectsTo: (path: string) => ReadonlyArray<{ id: number }>;
  /** Whether a content page lives at this (lower-case) path. */
  isPagePath: (path: string) => boolean;
}

export interface RedirectProblem {
  field: 'from_path' | 'to_path';
  message: Localized;
}

/** The first thing wrong with the redirect, with the field it is about, or null. */
export function redirectProblem(candidate: RedirectCandidate, known: KnownPaths): RedirectProblem | null {
  const { fromPath: from, id } = candidate;
  const other = (row: { id: number } | undefined) => row !== undefined && row.id !== id;
  const atFrom = (key: 'from_shop_route' | 'from_is_page' | 'from_exists' | 'chain_from'): RedirectProblem => ({ field: 'from_path', message: localized(REDIRECT_MESSAGES, key, { path: from }) });
  if (isShopRoute(from)) return atFrom('from_shop_route');
  if (known.isPagePath(from)) return atFrom('from_is_page');
  if (other(known.redirectFrom(from))) return atFrom('from_exists');
  const to = candidate.toPath !== null && !isOutside(candidate.toPath) ? candidate.toPath.toLowerCase() : null;
  if (to === from) return { field: 'to_path', message: localized(REDIRECT_MESSAGES, 'loop', { path: from }) };
  if (to !== null && other(known.redirectFrom(to))) return { field: 'to_path', message: localized(REDIRECT_MESSAGES, 'chain_to', { path: to }) };
  if (known.redirectsTo(from).some(other)) return atFrom('chain_from');
  return null;
}
