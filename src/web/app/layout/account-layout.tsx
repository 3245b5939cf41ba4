import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { useSessionUser } from '../../lib/session';

import { useAccountMenuItems } from './use-account-menu-items';

/** Account pages: a side menu (hidden on small screens, where the header menu has the same links) and the page. */
export default function AccountLayout() {
  const { t } = useTranslation('layout');
  const user = useSessionUser();
  const items = useAccountMenuItems({ masquerading: user?.data?.is_masquerading === true });
  return (
    <div className="row g-4">
      <aside className="col-md-4 col-lg-3 d-none d-md-block">
        <nav className="account-nav card" aria-label={t('accountNav.label')}>
          <div className="list-group list-group-flush">
            {items.map((item) =>
              item.kind === 'link' ? (
                <Link
                  key={item.key}
                  to={item.to}
                  className={`list-group-item list-group-item-action${item.active ? ' active' : ''}`}
                  aria-current={item.active ? 'page' : undefined}
                >
                  {t(`accountMenu.${item.key}`)}
                </Link>
              ) : item.kind === 'external' ? (
                <a
                  key={item.key}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="list-group-item list-group-item-action"
                >
                  {t('accountMenu.askQuestion')}
                  <span className="visually-hidden"> {t('accountMenu.opensInNewTab')}</span>
                </a>
              ) : null,
            )}
          </div>
        </nav>
      </aside>
      <div className="col-md-8 col-lg-9">
        <Outlet />
      </div>
    </div>
  );
}
