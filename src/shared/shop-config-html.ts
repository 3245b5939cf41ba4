/**
 * The runtime configuration of the web app as meta tags. The server puts them into
 * index.html in place of the placeholder comment (the CSP forbids inline scripts); the Vite
 * dev server does the same. Pure: no Node, no DOM.
 */
export const SHOP_CONFIG_PLACEHOLDER = '<!--shop-config-->';

export interface ShopConfigValues {
  /** Base address of the API as the browser sees it, e.g. '/backend'. */
  backend: string;
  shopName: string;
  contactUrl: string;
}

export const shopConfigDefaults: ShopConfigValues = {
  backend: '/backend',
  shopName: 'Casa Maíz',
  contactUrl: 'https://www.casamaiz.nl/contact',
};

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function shopConfigMetaTags(values: ShopConfigValues): string {
  return [
    `<meta name="shop-backend" content="${escapeAttribute(values.backend)}">`,
    `<meta name="shop-name" content="${escapeAttribute(values.shopName)}">`,
    `<meta name="shop-contact-url" content="${escapeAttribute(values.contactUrl)}">`,
  ].join('');
}

/** index.html with the placeholder replaced by the meta tags. */
export function injectShopConfig(html: string, values: ShopConfigValues): string {
  return html.replace(SHOP_CONFIG_PLACEHOLDER, shopConfigMetaTags(values));
}
