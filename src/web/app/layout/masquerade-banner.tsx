import { Button } from '../../components/ui/button';
import { useTranslation } from 'react-i18next';

import { useSwitchBack } from '../../features/auth/hooks/use-switch-back';
import { useSessionUser } from '../../lib/session';

/** Shown only while staff masquerade as a customer (spec sections 2 and 6). */
export function MasqueradeBanner() {
  const { t } = useTranslation('layout');
  const user = useSessionUser();
  const switchBack = useSwitchBack();
  if (!user?.data?.is_masquerading) return null;
  return (
    <div className="masquerade-banner" role="region" aria-label={t('masquerade.loggedInAs')}>
      <div className="container d-flex flex-wrap align-items-center justify-content-between gap-2 py-2">
        <span>
          {t('masquerade.loggedInAs')} <strong>{user.name}</strong>
        </span>
        <Button variant="dark" size="sm" onClick={switchBack}>
          {t('masquerade.backToOwnAccount')}
        </Button>
      </div>
    </div>
  );
}
