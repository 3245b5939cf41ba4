import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

import { CartIcon, HeartIcon, QuickOrderIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { getConfig } from '../../lib/config';
import { stripLanguage } from '../../lib/language';
import { useLocalizedPath } from '../../lib/use-lang';

import { AccountMenu } from './account-menu';
import { LanguageSwitch } from './language-switch';
import { SearchForm } from './search-form';
import { useHeaderCounts } from './use-header-counts';

function CountBadge({ count }: { count: number }) {
  return (
    <span className="header-badge badge rounded-pill" aria-hidden="true">
      {count}
    </span>
  );
}

export function Header() {
  const { t } = useTranslation('layout');
  const to = useLocalizedPath();
  const path = stripLanguage(useLocation().pathname);
  const [params] = useSearchParams();
  const counts = useHeaderCounts();
  const onOrderList = path === '/assortment/order-list';
  const search = path === '/assortment' ? (params.get('search') ?? '') : '';

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link
          to={to('/assortment')}
          className="site-header-brand"
          aria-label={t('header.home', { shopName: getConfig().shopName })}
        >
          <Logo variant="light" />
        </Link>
        <SearchForm initial={search} className="site-header-search" />
        <div className="site-header-actions">
          <Link
            to={onOrderList ? to('/assortment') : to('/assortment/order-list')}
            className="header-action"
            title={onOrderList ? t('header.backToAssortment') : t('header.favourites')}
          >
            <HeartIcon filled={onOrderList} />
            <CountBadge count={counts.favourites} />
            <span className="visually-hidden">
              {onOrderList ? t('header.backToAssortment') : t('header.favourites')},{' '}
              {t('header.favouritesCount', { count: counts.favourites })}
            </span>
          </Link>
          <Link to={to('/quick-order')} className="header-action" title={t('header.quickOrder')}>
            <QuickOrderIcon />
            <span className="visually-hidden">{t('header.quickOrder')}</span>
          </Link>
          <Link to={to('/cart')} className="header-action" title={t('header.cart')}>
            <CartIcon />
            <CountBadge count={counts.cart} />
            <span className="visually-hidden">
              {t('header.cart')}, {t('header.cartCount', { count: counts.cart })}
            </span>
          </Link>
          <AccountMenu />
          <LanguageSwitch className="ms-1" />
        </div>
      </div>
    </header>
  );
}
