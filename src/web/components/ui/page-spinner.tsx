import { Spinner } from './spinner';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a page, its data or its translations load. It must not suspend itself, so the
 * label only appears once the common texts are there.
 */
export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      className={`page-spinner d-flex justify-content-center align-items-center ${fullPage ? 'min-vh-100' : 'py-5'}`}
      role="status"
      aria-live="polite"
      aria-busy="true"
    >
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      {ready ? <span className="visually-hidden">{t('loading')}</span> : null}
    </div>
  );
}
