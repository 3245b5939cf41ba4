import type { MenuLink } from '../../../shared/api/content';
import type { Db } from '../../db/client';
import type { Lang } from '../../plugins/language';
import * as repo from './content.repository';

export function createContentService(db: Db) {
  return {
    /** Menu links in the request's language, as Drupal's jsonapi_menu_items answers them. */
    async menu(menuName: string, lang: Lang): Promise<MenuLink[]> {
      const links = await repo.findMenuLinks(db, menuName);
      return links.map((link) => ({
        type: 'menu_link_content--menu_link_content',
        id: `menu_link_content:${link.uuid}`,
        attributes: {
          title: lang === 'en' ? link.titleEn : link.titleNl,
          url: lang === 'en' ? link.urlEn : link.urlNl,
          weight: link.weight,
          menu_name: link.menuName,
          drupal_internal__id: link.id,
          parent: '',
          enabled: link.enabled,
        },
      }));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
