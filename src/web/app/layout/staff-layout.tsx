import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { Logo } from '../../components/ui/logo';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useLocalizedPath } from '../../lib/use-lang';

import { AccountMenu } from './account-menu';
import { LanguageSwitch } from './language-switch';
import { type StaffNavItem, useStaffNavItems } from './staff-nav';

function StaffNavLinks({ items, className }: { items: StaffNavItem[]; className: string }) {
  const { t } = useTranslation('staff-layout');
  return (
    <>
      {items.map((item) => (
        <Link key={item.key} to={item.to} className={`${className}${item.active ? ' active' : ''}`} aria-current={item.active ? 'page' : undefined}>
          {t(`nav.${item.key}`)}
        </Link>
      ))}
    </>
  );
}

function StaffHeader() {
  const { t } = useTranslation('staff-layout');
  const to = useLocalizedPath();
  return (
    <header className="site-header staff-header">
      <div className="container-fluid site-header-inner">
        <Link to={to('/staff')} className="site-header-brand d-flex align-items-center gap-2 text-white text-decoration-none">
          <Logo variant="light" />
          <span className="fw-semibold">{t('title')}</span>
        </Link>
        <div className="site-header-actions ms-auto">
          <Link to={to('/assortment')} className="btn btn-sm btn-outline-light me-2">
            {t('toShop')}
          </Link>
          <LanguageSwitch />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * The staff area's own layout (issue 42): its header, the menu of the pages the user's roles
 * reach (beside the page from tablet width, above it as a row of tabs on a phone), the page.
 */
export default function StaffLayout() {
  const { t } = useTranslation(['staff-layout', 'layout']);
  const items = useStaffNavItems();
  return (
    <div className="staff-layout d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        {t('layout:skipToContent')}
      </a>
      <StaffHeader />
      <div className="container-fluid flex-grow-1">
        <div className="row">
          <nav className="col-md-3 col-xl-2 staff-nav py-3 border-end" aria-label={t('staff-layout:nav.label')}>
            <div className="nav nav-pills flex-md-column flex-nowrap overflow-auto gap-1">
              <StaffNavLinks items={items} className="nav-link" />
            </div>
          </nav>
          <main id="main-content" className="col-md-9 col-xl-10 py-4" tabIndex={-1}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
}
