import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: a window of this many page numbers around the current page. */
export const PAGE_WINDOW = 5;

/** The page numbers to show: up to `size` around `page`, shifted to stay within 1…pages. */
export function pageWindow(page: number, pages: number, size = PAGE_WINDOW): number[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(page, 1), pages);
  let start = Math.max(1, current - Math.floor(size / 2));
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

function PageButton({ label, disabled, current, onClick, children }: { label: string; disabled: boolean; current?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <li className={`page-item${current ? ' active' : ''}${disabled && !current ? ' disabled' : ''}`}>
      <button type="button" className="page-link" aria-label={label} aria-current={current ? 'page' : undefined} disabled={disabled} onClick={onClick}>
        {children}
      </button>
    </li>
  );
}

/**
 * First, previous, 5 page numbers around the current one, next and last (spec section 2); the
 * current page's button is disabled. Hidden when everything fits on one page. `label` names what
 * is paged (the feature's own text); the buttons' texts are the shop's.
 */
export function Pagination({ label, page, pages, onPage, className = 'mt-4' }: { label: string; page: number; pages: number; onPage: (page: number) => void; className?: string }) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className="pagination flex-wrap justify-content-center mb-0">
        <PageButton label={t('pagination.first')} disabled={page <= 1} onClick={() => onPage(1)}>
          <span aria-hidden="true">«</span>
        </PageButton>
        <PageButton label={t('pagination.previous')} disabled={page <= 1} onClick={() => onPage(Math.min(page, pages) - 1)}>
          <span aria-hidden="true">‹</span>
        </PageButton>
        {pageWindow(page, pages).map((number) => (
          <PageButton key={number} label={t('pagination.page', { page: number })} disabled={number === page} current={number === page} onClick={() => onPage(number)}>
            {number}
          </PageButton>
        ))}
        <PageButton label={t('pagination.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <span aria-hidden="true">›</span>
        </PageButton>
        <PageButton label={t('pagination.last')} disabled={page >= pages} onClick={() => onPage(pages)}>
          <span aria-hidden="true">»</span>
        </PageButton>
      </ul>
    </nav>
  );
}
