import { isLanguage, type Language } from '../../shared/lang';

/** The UI language when neither the path nor the browser names nl or en (spec section 1). */
export const fallbackUiLanguage: Language = 'en';

/** The language named by the first path segment, or null. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}

/** The first browser language that starts with nl or en, or null. */
export function languageFromBrowser(browserLanguages: readonly string[]): Language | null {
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().slice(0, 2);
    if (isLanguage(base)) return base;
  }
  return null;
}

/** UI language: first path segment, else the browser, else English. */
export function detectLanguage(pathname: string, browserLanguages: readonly string[]): Language {
  return languageFromPath(pathname) ?? languageFromBrowser(browserLanguages) ?? fallbackUiLanguage;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** The UI language of the page the browser is on now (for code outside React, e.g. the API client). */
export function currentUiLanguage(): Language {
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  return detectLanguage(pathname, browserLanguages());
}

/** The path without its language segment: '/en/cart' → '/cart', '/nl' → '/'. */
export function stripLanguage(pathname: string): string {
  if (!languageFromPath(pathname)) return pathname || '/';
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** A path of the shop in a language: localizedPath('en', '/cart') → '/en/cart'. */
export function localizedPath(lang: Language, path: string): string {
  if (path === '' || path === '/') return `/${lang}/`;
  return `/${lang}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The same page in another language, keeping the rest of the path, the query and the hash. */
export function switchLanguagePath(
  location: { pathname: string; search?: string; hash?: string },
  target: Language,
): string {
  return `${localizedPath(target, stripLanguage(location.pathname))}${location.search ?? ''}${location.hash ?? ''}`;
}
