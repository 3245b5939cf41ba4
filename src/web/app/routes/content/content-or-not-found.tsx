import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Navigate, useLocation, type LoaderFunction } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { getContentNodeQueryOptions } from '../../../features/content/api/get-content-node';
import { getTranslatePathQueryOptions } from '../../../features/content/api/get-translate-path';
import { ContentPage } from '../../../features/content/components/content-page';
import { NotFound } from '../../../features/content/components/not-found';
import { useContentPage } from '../../../features/content/hooks/use-content-page';
import { browserLanguages, detectLanguage, stripLanguage } from '../../../lib/language';
import { useLang } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * Starts resolving the path with the navigation. Failures are left in the cache for the page
 * to show (prefetchQuery never throws), so a missing page is the not-found page, not a route error.
 */
export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const { pathname } = new URL(request.url);
    const lang = detectLanguage(pathname, browserLanguages());
    const resolutionQuery = getTranslatePathQueryOptions(stripLanguage(pathname), lang);
    await queryClient.prefetchQuery(resolutionQuery);
    const resolution = queryClient.getQueryData(resolutionQuery.queryKey);
    const individual = resolution && 'jsonapi' in resolution ? resolution.jsonapi.individual : undefined;
    if (individual) await queryClient.prefetchQuery(getContentNodeQueryOptions(individual, lang));
    return null;
  };
}

function ContentError() {
  const { t } = useTranslation('errors');
  usePageTitle(t('routeError.title'));
  return (
    <Alert variant="danger" className="mt-3">
      {t('generic')}
    </Alert>
  );
}

/** An old path's redirect: within the shop by the router (the old path leaves the history), outside by the browser. */
function Redirect({ to }: { to: string }) {
  const outside = /^https?:\/\//i.test(to);
  useEffect(() => {
    if (outside) window.location.replace(to);
  }, [outside, to]);
  return outside ? <PageSpinner /> : <Navigate to={to} replace />;
}

/** Any path without a page of its own (spec section 2): the CMS page there, else the 404 page. */
export default function ContentOrNotFound() {
  const lang = useLang();
  const page = useContentPage(stripLanguage(useLocation().pathname), lang);
  switch (page.status) {
    case 'loading':
      return <PageSpinner />;
    case 'not-found':
      return <NotFound />;
    case 'error':
      return <ContentError />;
    case 'redirect':
      return <Redirect to={page.to} />;
    case 'found':
      return <ContentPage title={page.title} html={page.html} lang={lang} />;
  }
}
