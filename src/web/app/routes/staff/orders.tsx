import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';

import { BOARD_PER_PAGE } from '../../../../shared/api/staff-orders';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { boardQueryOptions, useBoard } from '../../../features/staff-orders/api/get-board';
import { type BoardParams, boardParamsOf, boardQueryOf } from '../../../features/staff-orders/board-query';
import { BoardFilters, type FilterChange } from '../../../features/staff-orders/components/board-filters';
import { BoardList } from '../../../features/staff-orders/components/board-list';
import { ExportLinks } from '../../../features/staff-orders/components/export-links';
import { StateChips } from '../../../features/staff-orders/components/state-chips';
import { usePageTitle } from '../../../lib/use-page-title';

/** The board's first page starts loading with the navigation. */
export function clientLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(boardQueryOptions(boardParamsOf(new URL(request.url).searchParams)));
    return null;
  };
}

/** The filters in the address: a change of filter is a new history entry and starts at page 1. */
function useBoardParams() {
  const [search, setSearch] = useSearchParams();
  const params = boardParamsOf(search);
  const show = (next: BoardParams) => setSearch(new URLSearchParams(boardQueryOf(next)));
  return {
    params,
    change: (change: FilterChange) => show({ ...params, ...change, page: 1 }),
    page: (page: number) => show({ ...params, page }),
    reset: () => show({ ...boardParamsOf(new URLSearchParams()), customer: params.customer }),
  };
}

/**
 * The orders board (issue 42, point 3): every customer's orders under their delivery date, the
 * latest first, with counts per state, filters and a search kept in the address, paging, and an
 * export of the filtered list. Each order opens its staff page.
 */
export default function StaffOrdersPage() {
  const { t } = useTranslation(['staff-orders', 'errors']);
  usePageTitle(t('title'));
  const { params, change, page, reset } = useBoardParams();
  const board = useBoard(params);
  const data = board.data;
  const customerName = params.customer ? (data?.data.find((o) => o.customer.id === params.customer.toLowerCase())?.customer.name ?? null) : null;
  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      {data && <StateChips counts={data.meta.counts} selected={params.states} onChange={(states) => change({ states })} />}
      <BoardFilters key={JSON.stringify(boardQueryOf(params, { page: false }))} params={params} customerName={customerName} onChange={change} onReset={reset} />
      {board.isError && <Alert variant="danger">{t('errors:generic')}</Alert>}
      {!data && !board.isError && <PageSpinner />}
      {data && (
        <>
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <p role="status" className="mb-0">
              {t('list.summary', { count: data.meta.count })}
            </p>
            <ExportLinks params={params} />
          </div>
          {data.data.length === 0 ? <Alert variant="info">{t('list.none')}</Alert> : <BoardList orders={data.data} />}
          <Pagination label={t('list.pager')} page={params.page} pages={Math.ceil(data.meta.count / BOARD_PER_PAGE)} onPage={page} />
        </>
      )}
    </section>
  );
}
