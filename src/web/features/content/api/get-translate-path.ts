import { queryOptions, useQuery } from '@tanstack/react-query';

import type { TranslatePathResponse } from '../../../../shared/api/content';
import type { Language } from '../../../../shared/lang';
import { ApiError, api } from '../../../lib/api-client';
import { stripLanguage } from '../../../lib/language';

/** Drupal sites send unknown paths to '/404'; such an answer means "no page here" (spec section 7). */
function isNotFoundResolution(resolution: TranslatePathResponse): boolean {
  if ('redirect' in resolution) return false;
  try {
    return stripLanguage(new URL(resolution.resolved, 'http://shop.invalid').pathname).replace(/\/+$/, '') === '/404';
  } catch {
    return false;
  }
}

/** Where the visitor came from, when that is another site: the not-found log counts it (issue 43). */
function referrerQuery(): { referrer?: string } {
  const referrer = typeof document === 'undefined' ? '' : document.referrer;
  if (!referrer) return {};
  try {
    return new URL(referrer).origin === window.location.origin ? {} : { referrer: referrer.slice(0, 2000) };
  } catch {
    return {};
  }
}

/**
 * GET /router/translate-path?path=…: the content page at a path (without language segment),
 * in the given language; null when there is none (a 404 or a '/404' resolution), so "no page"
 * is data the not-found page shows, not an error to retry.
 */
export async function translatePath(path: string, lang: Language): Promise<TranslatePathResponse | null> {
  if (path === '/404') return null;
  try {
    const resolution = await api.get<TranslatePathResponse>('/router/translate-path', { lang, query: { path, ...referrerQuery() } });
    return isNotFoundResolution(resolution) ? null : resolution;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const getTranslatePathQueryOptions = (path: string, lang: Language) =>
  queryOptions({
    queryKey: ['content', 'translate-path', { path, lang }],
    queryFn: () => translatePath(path, lang),
    staleTime: 5 * 60_000,
  });

export function useTranslatePath(path: string, lang: Language) {
  return useQuery(getTranslatePathQueryOptions(path, lang));
}

/**
 * The title of the content page at a path, when it has already been resolved; never fetches
 * itself (for the breadcrumbs, which sit on every page).
 */
export function useResolvedPageLabel(path: string, lang: Language): string | undefined {
  const { data } = useQuery({ ...getTranslatePathQueryOptions(path, lang), enabled: false });
  return data && 'label' in data ? data.label : undefined;
}
