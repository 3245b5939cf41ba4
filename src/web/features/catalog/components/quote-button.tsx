import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Quote } from '../../../../shared/api/catalog';

// the dialog's code loads when a customer first opens it
const QuoteDialog = lazy(() => import('./quote-dialog').then((module) => ({ default: module.QuoteDialog })));

function TagIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M3 12.2V4.5A1.5 1.5 0 0 1 4.5 3h7.7a1.5 1.5 0 0 1 1.1.4l7.3 7.3a1.5 1.5 0 0 1 0 2.1l-7.7 7.7a1.5 1.5 0 0 1-2.1 0l-7.3-7.3a1.5 1.5 0 0 1-.5-1z" />
      <circle cx="8" cy="8" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** The orange quote icon, shown when the relation has a better price for the product; opens the dialog. */
export function QuoteButton({ productName, quotes, className = '' }: { productName: string; quotes: Quote[]; className?: string }) {
  const { t } = useTranslation('catalog');
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  if (quotes.length === 0) return null;
  const label = t('quotes.open', { name: productName });
  return (
    <>
      <button
        type="button"
        className={`quote-button icon-button ${className}`}
        aria-label={label}
        title={label}
        onClick={() => {
          setOpened(true);
          setShow(true);
        }}
      >
        <TagIcon />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <QuoteDialog productName={productName} quotes={quotes} show={show} onHide={() => setShow(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
