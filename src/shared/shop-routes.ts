/**
 * The first path segments the shop's own pages and files use (the web's router, the API, the
 * built files): a content page alias or a redirect's old path may not start with one of them,
 * or it would hide a shop page (issue 43 point 9).
 */
export const SHOP_ROUTE_SEGMENTS: readonly string[] = [
  'account',
  'assortment',
  'backend',
  'bulk',
  'cart',
  'cash-invoices',
  'en',
  'locales',
  'nl',
  'quick-order',
  'staff',
  'static',
  'user',
  'usual-products',
];

/** Whether a path (without language, e.g. '/cart/checkout') is one of the shop's own. */
export function isShopRoute(path: string): boolean {
  const first = path.split('/').find((segment) => segment !== '') ?? '';
  return path === '/' || SHOP_ROUTE_SEGMENTS.includes(first.toLowerCase());
}
