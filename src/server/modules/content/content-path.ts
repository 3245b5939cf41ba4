/**
 * A path as the web may send it, reduced to how pages store theirs: a leading slash, no
 * language segment, no query, hash or trailing slash ('/en/delivery-terms/?x' → '/delivery-terms').
 */
export function normalisePath(raw: string): string {
  let path = raw.trim().split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // a stray '%' is just a character of the path
  }
  path = `/${path}`.replace(/\/{2,}/g, '/');
  path = path.replace(/^\/(en|nl)(?=\/|$)/i, '');
  path = path.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** The language a path names by its first segment ('/en/…' is English), if any. */
export function pathLanguage(raw: string): 'nl' | 'en' | null {
  const match = /^\/*(en|nl)(?=\/|$|[?#])/i.exec(raw.trim());
  return match ? (match[1]!.toLowerCase() as 'nl' | 'en') : null;
}
