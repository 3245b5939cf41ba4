import { useTranslation } from 'react-i18next';

import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { usePageTitle } from '../../../lib/use-page-title';

/** Forgotten password: /{lang}/user/password (spec sections 2, 4, 5 and 8). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgotPassword.title'));
  return (
    <AuthCard title={t('forgotPassword.title')} intro={t('forgotPassword.intro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
