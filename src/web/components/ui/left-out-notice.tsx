import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { QuickOrderLine } from '../../../shared/api/quick-order';

import { Alert } from './alert';

interface Props {
  /** The lines an add left out, each with the server's reason in the customer's language. */
  lines: readonly QuickOrderLine[];
  onClose: () => void;
}

/**
 * Which lines an add of several lines ('Order again', my usual products) did not put in the cart
 * and why: no longer sold, price on request, below the minimum. Closed by the customer.
 */
export function LeftOutNotice({ lines, onClose }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  if (lines.length === 0) return null;
  return (
    <Alert variant="warning" role="region" aria-labelledby={id} dismissible closeLabel={t('leftOut.close')} onClose={onClose} className="left-out-notice mt-3">
      <h2 id={id} className="h6 alert-heading">
        {t('leftOut.heading', { count: lines.length })}
      </h2>
      <ul className="mb-0 ps-3">
        {lines.map((line, index) => (
          <li key={`${index}-${line.article}`} data-article={line.article}>
            <span className="fw-semibold">{line.product?.title ?? line.article}</span>
            {line.product ? <span className="text-body-secondary"> ({line.article})</span> : null}
            {line.message ? <>: {line.message}</> : null}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
