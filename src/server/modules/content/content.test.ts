import { describe, expect, it } from 'vitest';
import { menuItemsResponse } from '../../../shared/api/content';
import { API, useTestApp } from '../../test/app';

const t = useTestApp();

describe('footer menus', () => {
  it.each(['webshop-footer-order', 'webshop-footer-my-page', 'webshop-footer-menu'])(
    '%s answers its links in order of weight, in both languages',
    async (menu) => {
      for (const prefix of ['', '/en']) {
        const res = await t.app.inject({ url: `${API}${prefix}/jsonapi/menu_items/${menu}` });
        expect(res.statusCode).toBe(200);
        const body = menuItemsResponse.parse(res.json());
        expect(body.data.length).toBeGreaterThan(0);
        const weights = body.data.map((l) => l.attributes.weight);
        expect(weights).toEqual([...weights].sort((a, b) => a - b));
        for (const link of body.data) {
          expect(link.attributes.menu_name).toBe(menu);
          expect(link.id).toMatch(/^menu_link_content:[0-9a-f-]{36}$/);
          expect(link.attributes.url).toMatch(/^(\/|https:\/\/)/);
        }
      }
    },
  );

  it('answers an empty list for a menu without links', async () => {
    const res = await t.app.inject({ url: `${API}/jsonapi/menu_items/main` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('answers My page links in English under /en', async () => {
    const res = await t.app.inject({ url: `${API}/en/jsonapi/menu_items/webshop-footer-my-page` });
    const urls = res.json().data.map((l: { attributes: { url: string } }) => l.attributes.url);
    expect(urls).toEqual(expect.arrayContaining(['/account/orders', '/assortment/order-list', '/account']));
  });
});
