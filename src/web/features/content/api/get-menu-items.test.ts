import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '../../../test/fetch-mock';

import { getMenuItems } from './get-menu-items';

const link = (id: number, weight: number) => ({
  type: 'menu_link_content--menu_link_content',
  id: `menu_link_content:${id}`,
  attributes: { title: `Link ${id}`, url: `/page-${id}`, weight, menu_name: 'webshop-footer-order', drupal_internal__id: id, parent: '', enabled: true },
});

describe('getMenuItems', () => {
  it('asks for the menu in the given language and sorts by weight', async () => {
    const calls = mockFetch(() => jsonResponse(200, { data: [link(1, 5), link(2, -1)] }));
    const links = await getMenuItems('webshop-footer-order', 'en');
    expect(calls[0]?.url).toBe('/backend/en/jsonapi/menu_items/webshop-footer-order');
    expect(links.map((item) => item.attributes.title)).toEqual(['Link 2', 'Link 1']);
  });

  it("rejects an empty menu with 'no menu links found'", async () => {
    mockFetch(() => jsonResponse(200, { data: [] }));
    await expect(getMenuItems('webshop-footer-menu', 'nl')).rejects.toThrow('no menu links found');
  });
});
