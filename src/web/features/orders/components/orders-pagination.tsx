import { useTranslation } from 'react-i18next';

import { Pagination } from '../../../components/ui/pagination';

export { PAGE_WINDOW, pageWindow } from '../../../components/ui/pagination';

/** The webshop orders' pagination (spec section 2), with the orders' texts. */
export function OrdersPagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('orders');
  return (
    <Pagination
      className="mt-3"
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
