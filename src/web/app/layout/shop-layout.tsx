import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { PageSpinner } from '../../components/ui/page-spinner';
import { useSessionUser } from '../../lib/session';

import { Breadcrumbs } from './breadcrumbs';
import { Header } from './header';

/**
 * The footer is below the fold and fills in from its own API call anyway: its code loads beside
 * the page's, not before the first render (issue 9, page weight). `main` grows to the bottom of
 * the window, so nothing above it moves when it appears.
 */
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
/** Only staff acting for a customer see the banner: its code loads for them alone. */
const MasqueradeBanner = lazy(() => import('./masquerade-banner').then((module) => ({ default: module.MasqueradeBanner })));

/** Layout of the logged-in pages (spec section 2): banner, header, breadcrumbs, page, footer. */
export default function ShopLayout() {
  const { t } = useTranslation('layout');
  const masquerading = useSessionUser()?.data?.is_masquerading === true;
  return (
    <div className="shop-layout d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        {t('skipToContent')}
      </a>
      {masquerading && (
        <Suspense fallback={null}>
          <MasqueradeBanner />
        </Suspense>
      )}
      <Header />
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <div className="container py-4">
          <Breadcrumbs />
          {/* the header stays while a page's own texts load */}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
