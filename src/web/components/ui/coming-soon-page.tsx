import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../lib/use-page-title';
import type common from '../../locales/en/common.json';

import { LogoEmblem } from './logo';

type PageKey = keyof (typeof common)['pages'];

/**
 * Placeholder for a page that a later issue builds: its title and a short note. The route
 * module that renders it is the seam: replace the module's component, keep the route.
 */
export function ComingSoonPage({ page }: { page: PageKey }) {
  const { t } = useTranslation('common');
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <div className="card coming-soon-card mt-3">
        <LogoEmblem size={48} />
        <p className="lead mb-0">{t('comingSoon')}</p>
      </div>
    </section>
  );
}
