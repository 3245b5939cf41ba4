import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { stripLanguage } from '../../lib/language';
import { useLang, useLocalizedPath } from '../../lib/use-lang';

import { breadcrumbTrail } from './breadcrumb-trail';
import { loadedPageLabel } from './page-label-loader';

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
  // Product and content pages name their crumb from their data; the code reading it comes
  // with those pages, not with every page (decision 012).
  const PageLabel = loadedPageLabel();
  return (
    <nav aria-label={t('breadcrumbs.label')} className="breadcrumbs">
      <ol className="breadcrumb">
        {crumbs.map((crumb) => {
          const named = crumb.known ? t(`breadcrumbs.segments.${crumb.known}`) : humanise(crumb.segment);
          const label = crumb.current && PageLabel ? <PageLabel path={path} lang={lang} fallback={named} /> : named;
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
