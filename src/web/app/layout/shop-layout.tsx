import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { PageSpinner } from '../../components/ui/page-spinner';

import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import { MasqueradeBanner } from './masquerade-banner';

/** Layout of the logged-in pages (spec section 2): banner, header, breadcrumbs, page, footer. */
export default function ShopLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="shop-layout d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        {t('skipToContent')}
      </a>
      <MasqueradeBanner />
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
      <Footer />
    </div>
  );
}
