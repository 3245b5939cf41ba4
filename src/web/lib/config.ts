import { shopConfigDefaults, type ShopConfigValues } from '../../shared/shop-config-html';

/**
 * Runtime configuration, read from the meta tags that the server writes into index.html in
 * place of `<!--shop-config-->` (src/shared/shop-config-html.ts; no inline scripts: the CSP
 * forbids them).
 */
export type ShopConfig = ShopConfigValues;

export const defaultConfig: ShopConfig = shopConfigDefaults;

function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content ? content : null;
}

export function getConfig(): ShopConfig {
  const backend = meta('shop-backend') ?? defaultConfig.backend;
  return {
    backend: backend.replace(/\/+$/, ''),
    shopName: meta('shop-name') ?? defaultConfig.shopName,
    contactUrl: meta('shop-contact-url') ?? defaultConfig.contactUrl,
  };
}
