import { Suspense } from 'react';
import { Button } from '../components/ui/button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

import { PageSpinner } from '../components/ui/page-spinner';
import { usePageTitle } from '../lib/use-page-title';

function RouteErrorMessage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('routeError.title'));
  return (
    <section className="route-error text-center py-5" role="alert">
      <h1 className="page-title">{t('routeError.title')}</h1>
      <p className="lead text-body-secondary">{t('routeError.text')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </section>
  );
}

/**
 * Shown when a page throws or its code cannot be loaded (e.g. an old chunk after a deploy):
 * a reload fetches the new build.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="container">
      <Suspense fallback={<PageSpinner />}>
        <RouteErrorMessage />
      </Suspense>
    </div>
  );
}
