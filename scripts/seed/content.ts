import type * as schema from '../../src/server/db/schema';
import type { Pair } from './catalogue-types';
import { aboutUs, contact, faq, orderingAndDelivery } from './content-pages-info';
import { deliveryTerms, generalTerms, privacyStatement, returns } from './content-pages-terms';
import type { Random } from './random';

/** A content page in both languages; paths carry no language prefix (the shop adds /en). */
export interface PageText {
  key: string;
  path: Pair;
  title: Pair;
  body: Pair;
}

export type ContentPageRow = typeof schema.contentPages.$inferInsert & { id: number };
export type MenuLinkRow = typeof schema.menuLinks.$inferInsert & { id: number };
export type RedirectRow = typeof schema.redirects.$inferInsert & { id: number };
export type NotFoundPathRow = typeof schema.notFoundPaths.$inferInsert & { id: number };

/** The old Drupal portal's links that still come in (issue 43): a few redirected, a few not yet. */
function oldPortalPaths(pages: readonly ContentPageRow[], today: Date): { redirects: RedirectRow[]; notFoundPaths: NotFoundPathRow[] } {
  const pageId = (key: string) => pages.find((p) => p.key === key)!.id;
  const redirects: RedirectRow[] = [
    { id: 1, fromPath: '/node/12', toPageId: pageId('delivery-terms'), toPath: null, status: 301 },
    { id: 2, fromPath: '/content/algemene-voorwaarden', toPageId: pageId('general-terms'), toPath: null, status: 301 },
    { id: 3, fromPath: '/producten', toPageId: null, toPath: '/assortment', status: 301 },
    { id: 4, fromPath: '/bestellen/snel', toPageId: null, toPath: '/quick-order', status: 301 },
    { id: 5, fromPath: '/kerstactie', toPageId: null, toPath: '/assortment', status: 302 },
  ];
  const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000);
  const notFoundPaths: NotFoundPathRow[] = [
    { id: 1, path: '/tortillapers', count: 14, firstSeenAt: daysAgo(20), lastSeenAt: daysAgo(1), referrerHost: 'www.google.nl' },
    { id: 2, path: '/node/27', count: 9, firstSeenAt: daysAgo(30), lastSeenAt: daysAgo(2), referrerHost: null },
    { id: 3, path: '/mijn-account/facturen', count: 5, firstSeenAt: daysAgo(12), lastSeenAt: daysAgo(3), referrerHost: 'mail.google.com' },
    { id: 4, path: '/recepten/guacamole', count: 2, firstSeenAt: daysAgo(6), lastSeenAt: daysAgo(6), referrerHost: 'www.facebook.com' },
  ];
  return { redirects, notFoundPaths };
}

export const contentPages: readonly PageText[] = [deliveryTerms, generalTerms, privacyStatement, aboutUs, orderingAndDelivery, returns, contact, faq];

const page = (key: string): PageText => {
  const found = contentPages.find((p) => p.key === key);
  if (!found) throw new Error(`No content page ${key}`);
  return found;
};

type Link = readonly [title: Pair, url: Pair];
const toPage = (key: string): Link => [page(key).title, page(key).path];

/** The three footer menus, links in display order. */
export const footerMenus: Record<string, readonly Link[]> = {
  'webshop-footer-order': [
    toPage('delivery-terms'),
    toPage('ordering-and-delivery'),
    toPage('returns'),
    [['Veelgestelde vragen', 'FAQ'], page('faq').path],
  ],
  'webshop-footer-my-page': [
    [['Mijn bestellingen', 'My orders'], ['/account/orders', '/account/orders']],
    [['Bestellijst', 'Order list'], ['/assortment/order-list', '/assortment/order-list']],
    [['Mijn gegevens', 'My details'], ['/account', '/account']],
  ],
  'webshop-footer-menu': [toPage('general-terms'), toPage('privacy'), toPage('about-us'), toPage('contact')],
};

export function generateContent(rng: Random, today: Date): { contentPages: ContentPageRow[]; menuLinks: MenuLinkRow[]; redirects: RedirectRow[]; notFoundPaths: NotFoundPathRow[] } {
  const contentPageRows = contentPages.map(
    (p, i): ContentPageRow => ({
      id: i + 1, uuid: rng.uuid(), key: p.key, pathNl: p.path[0], pathEn: p.path[1],
      titleNl: p.title[0], titleEn: p.title[1], bodyNl: p.body[0], bodyEn: p.body[1], published: true,
    }),
  );
  const menuLinks: MenuLinkRow[] = [];
  for (const [menuName, links] of Object.entries(footerMenus)) {
    links.forEach(([title, url], weight) => {
      menuLinks.push({
        id: menuLinks.length + 1, uuid: rng.uuid(), menuName, titleNl: title[0], titleEn: title[1], urlNl: url[0], urlEn: url[1], weight, enabled: true,
      });
    });
  }
  return { contentPages: contentPageRows, menuLinks, ...oldPortalPaths(contentPageRows, today) };
}
