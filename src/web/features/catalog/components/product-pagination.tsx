import { useTranslation } from 'react-i18next';

import { Pagination } from '../../../components/ui/pagination';

export { PAGE_WINDOW, pageWindow } from '../../../components/ui/pagination';

/** The assortment's pagination (spec section 2), with the catalogue's texts. */
export function ProductPagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Pagination
      page={page}
      pages={pages}
      onPage={onPage}
      labels={{
        label: t('pagination.label'),
        first: t('pagination.first'),
        previous: t('pagination.previous'),
        next: t('pagination.next'),
        last: t('pagination.last'),
        page: (number) => t('pagination.page', { page: number }),
      }}
    />
  );
}
