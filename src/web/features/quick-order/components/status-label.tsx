import { useTranslation } from 'react-i18next';

import type { QuickOrderStatus } from '../../../../shared/api/quick-order';

function StatusIcon({ ok }: { ok: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {ok ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      ) : (
        <>
          <path d="M12 3L2 21h20L12 3z" />
          <path d="M12 10v4.5M12 18h.01" />
        </>
      )}
    </svg>
  );
}

/** A preview line's status as an icon and a word, never by colour alone. */
export function StatusLabel({ status }: { status: QuickOrderStatus }) {
  const { t } = useTranslation('quick-order');
  const ok = status === 'ok';
  return (
    <span className={`quick-order-status ${ok ? 'quick-order-status-ok' : 'quick-order-status-problem'}`}>
      <StatusIcon ok={ok} />
      {t(`preview.status.${status}`)}
    </span>
  );
}
