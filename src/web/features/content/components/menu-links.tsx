import { Link } from 'react-router';

import type { MenuLink } from '../../../../shared/api/content';
import type { Language } from '../../../../shared/lang';
import { localizedPath } from '../../../lib/language';

/** An internal menu url is a path without language ('/leveringsvoorwaarden', Drupal's 'internal:/…'). */
export function internalPath(url: string): string | null {
  const path = url.startsWith('internal:') ? url.slice('internal:'.length) : url;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** A menu's links as a list: internal paths as router links in the current language, others as plain links. */
export function MenuLinks({
  links,
  lang,
  className,
  itemClassName,
}: {
  links: MenuLink[];
  lang: Language;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => {
        const path = internalPath(link.attributes.url);
        return (
          <li key={link.id} className={itemClassName}>
            {path !== null ? (
              <Link to={localizedPath(lang, path)}>{link.attributes.title}</Link>
            ) : (
              <a href={link.attributes.url} target="_blank" rel="noopener noreferrer">
                {link.attributes.title}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
