import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { PageSpinner } from '../../components/ui/page-spinner';
import { getConfig } from '../../lib/config';

import { LanguageSwitch } from './language-switch';

/** Layout of the pages for anonymous visitors: login, password pages, anonymous payment status. */
export default function PublicLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="public-layout d-flex flex-column min-vh-100">
      <div className="container d-flex justify-content-end py-3">
        <LanguageSwitch className="language-switch-dark" />
      </div>
      <main id="main-content" className="flex-grow-1 d-flex align-items-start align-items-md-center pb-5">
        <div className="container">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <footer className="public-footer text-center py-3">
        <small>{t('footer.copyright', { shopName: getConfig().shopName })}</small>
      </footer>
    </div>
  );
}
