import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** Someone else changed the order since it was loaded (a 409 on the version): nothing was saved; reload. */
export function ConflictAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation('staff-order');
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-3">
      <span>{t('conflict.text')}</span>
      <Button variant="outline-dark" size="sm" onClick={onReload}>
        {t('conflict.reload')}
      </Button>
    </Alert>
  );
}

/** Whether a failed call is the version check's 409. */
export const isConflict = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === 'order_changed_elsewhere';
