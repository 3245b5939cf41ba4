import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Logo } from '../../../components/ui/logo';
import { LoginForm } from '../../../features/auth/components/login-form';
import { getConfig } from '../../../lib/config';
import { useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';

/** Login page: '/' and '/{lang}/user/login' (spec section 2). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const to = useLocalizedPath();
  usePageTitle(t('login.title'));
  return (
    <div className="auth-card card mx-auto">
      <div className="auth-card-accent" aria-hidden="true" />
      <div className="card-body p-4 p-md-5">
        <Link to={to('/')} className="d-inline-block mb-4 auth-logo" aria-label={t('login.homeLink', { shopName: getConfig().shopName })}>
          <Logo size={52} />
        </Link>
        <h1 className="h2 mb-2">{t('login.title')}</h1>
        <p className="text-body-secondary mb-4">{t('login.intro')}</p>
        <LoginForm />
      </div>
    </div>
  );
}
