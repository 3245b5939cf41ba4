import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';

import { clearResetLink, storeResetLink } from '../../../features/auth/hooks/reset-link-storage';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { browserLanguages, detectLanguage, localizedPath } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * With a hash in the path (the mailed link), keep hash and timestamp in local storage and go
 * to /{lang}/user/password/reset/{user}, so the secret leaves the address bar (spec section 2).
 */
export function clientLoader() {
  return ({ params, request }: LoaderFunctionArgs) => {
    const { user, timestamp, hash } = params;
    if (!user || !timestamp || !hash) return null;
    storeResetLink(hash, timestamp);
    const lang = detectLanguage(new URL(request.url).pathname, browserLanguages());
    return redirect(localizedPath(lang, `/user/password/reset/${encodeURIComponent(user)}`));
  };
}

/** Reset password: /{lang}/user/password/reset/{user}/{timestamp?}/{hash?}. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { user = '' } = useParams();
  usePageTitle(t('resetPassword.title'));

  function onSuccess() {
    clearResetLink();
    toast.success(t('resetPassword.success'));
    void navigate('/', { replace: true });
  }

  return (
    <AuthCard title={t('resetPassword.title')} intro={t('resetPassword.intro')}>
      <ResetPasswordForm user={user} onSuccess={onSuccess} />
    </AuthCard>
  );
}
