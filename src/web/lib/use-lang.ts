import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';

import type { Language } from '../../shared/lang';

import { browserLanguages, detectLanguage, localizedPath } from './language';

/** The UI language of the current route: path segment, else browser, else English. */
export function useLang(): Language {
  const { pathname } = useLocation();
  return useMemo(() => detectLanguage(pathname, browserLanguages()), [pathname]);
}

/** Builds links in the current language: `to('/cart')` → '/nl/cart'. */
export function useLocalizedPath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => localizedPath(lang, path), [lang]);
}
