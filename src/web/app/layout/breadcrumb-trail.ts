import { stripLanguage } from '../../lib/language';

/** Path segments with a translated label (locales/{lng}/layout.json → breadcrumbs.segments). */
export const knownSegments = [
  'assortment',
  'order-list',
  'cart',
  'checkout',
  'update',
  'completed',
  'failed',
  'account',
  'orders',
  'bulk',
  'payment',
  'cash-invoices',
  'customers',
  'food-completeness',
  'quick-order',
  'usual-products',
] as const;
export type KnownSegment = (typeof knownSegments)[number];

/** Paths that are pages of their own, so their crumb can be a link. */
const pagePaths = new Set(['/assortment', '/assortment/order-list', '/cart', '/cart/checkout', '/account', '/account/orders', '/quick-order', '/usual-products']);

export interface Crumb {
  /** Path without language, e.g. '/account/orders'. */
  path: string;
  segment: string;
  known: KnownSegment | null;
  /** A link for pages other than the current one. */
  linkable: boolean;
  current: boolean;
}

function isKnown(segment: string): segment is KnownSegment {
  return (knownSegments as readonly string[]).includes(segment);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Breadcrumbs from the path segments, with the assortment first (spec section 2). */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = stripLanguage(pathname).split('/').filter(Boolean).map(decode);
  const entries: { path: string; segment: string }[] = [{ path: '/assortment', segment: 'assortment' }];
  let path = '';
  for (const [i, segment] of segments.entries()) {
    path += `/${segment}`;
    if (path === '/assortment') continue;
    // An order id between the checkout and its step (…/checkout/12/completed) is no page of its own.
    if (/^\/cart\/checkout\/[^/]+$/.test(path) && i < segments.length - 1) continue;
    entries.push({ path, segment });
  }
  return entries.map((entry, index) => {
    const current = index === entries.length - 1;
    return {
      ...entry,
      known: isKnown(entry.segment) ? entry.segment : null,
      current,
      linkable: !current && pagePaths.has(entry.path),
    };
  });
}
