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

export function generateContent(rng: Random): { contentPages: ContentPageRow[]; menuLinks: MenuLinkRow[] } {
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
  return { contentPages: contentPageRows, menuLinks };
}
