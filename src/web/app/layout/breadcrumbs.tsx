import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useLoadedProductName } from '../../features/catalog/api/get-product';
import { useResolvedPageLabel } from '../../features/content/api/get-translate-path';
import { stripLanguage } from '../../lib/language';
import { useLang, useLocalizedPath } from '../../lib/use-lang';

import { breadcrumbTrail } from './breadcrumb-trail';

/** 'delivery-terms' → 'Delivery terms' for segments without a translation. */
function humanise(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  const to = useLocalizedPath();
  const { pathname } = useLocation();
  const crumbs = breadcrumbTrail(pathname);
  const path = stripLanguage(pathname);
  const lang = useLang();
  // A content page's crumb reads its title ('General terms and conditions'), not its slug; a
  // product page's the product's name, not its uuid.
  const contentLabel = useResolvedPageLabel(path, lang);
  const productName = useLoadedProductName(path, lang);
  const pageLabel = productName ?? contentLabel;
  return (
    <nav aria-label={t('breadcrumbs.label')} className="breadcrumbs">
      <ol className="breadcrumb">
        {crumbs.map((crumb) => {
          const label =
            crumb.current && pageLabel
              ? pageLabel
              : crumb.known
                ? t(`breadcrumbs.segments.${crumb.known}`)
                : humanise(crumb.segment);
          return (
            <li
              key={crumb.path}
              className={`breadcrumb-item${crumb.current ? ' active' : ''}`}
              aria-current={crumb.current ? 'page' : undefined}
            >
              {crumb.linkable ? <Link to={to(crumb.path)}>{label}</Link> : label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
