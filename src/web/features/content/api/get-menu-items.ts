import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MenuLink, MenuItemsResponse, menuNames } from '../../../../shared/api/content';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';

export type MenuName = (typeof menuNames)[number];

/** Spec section 7: an empty menu is a rejection with this message. */
export const EMPTY_MENU_MESSAGE = 'no menu links found';

export class EmptyMenuError extends Error {
  override readonly name = 'EmptyMenuError';
  constructor() {
    super(EMPTY_MENU_MESSAGE);
  }
}

/** GET /jsonapi/menu_items/{menu}: the menu's links by weight; rejects when there are none. */
export async function getMenuItems(menu: MenuName, lang: Language): Promise<MenuLink[]> {
  const response = await api.get<MenuItemsResponse>(`/jsonapi/menu_items/${encodeURIComponent(menu)}`, { lang });
  const links = (response?.data ?? []).filter((link) => link.attributes.enabled !== false);
  if (links.length === 0) throw new EmptyMenuError();
  return links.sort((a, b) => a.attributes.weight - b.attributes.weight);
}

export const getMenuItemsQueryOptions = (menu: MenuName, lang: Language) =>
  queryOptions({
    queryKey: ['menu', 'list', { menu, lang }],
    queryFn: () => getMenuItems(menu, lang),
    staleTime: 5 * 60_000,
  });

export function useMenuItems(menu: MenuName, lang: Language) {
  return useQuery(getMenuItemsQueryOptions(menu, lang));
}
