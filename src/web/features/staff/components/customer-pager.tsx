import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from 'react-i18next';

/**
 * Previous and next with the page number; hidden when everything fits on one page. `label` names
 * the pages (the customers' by default). Plain items:
 * Pagination.Prev/Next would name their buttons in English whatever the language.
 */
export function CustomerPager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation('staff');
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t('pager.label')}>
      <Pagination className="justify-content-center align-items-center gap-2">
        <Pagination.Item disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Pagination.Item>
        <li className="px-2">
          {t('pager.page', { page, pages })}
        </li>
        <Pagination.Item disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Pagination.Item>
      </Pagination>
    </nav>
  );
}
