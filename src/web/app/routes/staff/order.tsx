import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';

import { staffMayReach } from '../../../../shared/api/staff-roles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSuggestions } from '../../../features/search-suggest/api/get-suggestions';
import { AuditTimeline } from '../../../features/staff-audit/components/audit-timeline';
import { getStaffOrderQueryOptions, useStaffOrder } from '../../../features/staff-order/api/get-staff-order';
import { ConflictAlert } from '../../../features/staff-order/components/conflict-alert';
import { OrderActions } from '../../../features/staff-order/components/order-actions';
import { type ArticleSuggestion, OrderEditor } from '../../../features/staff-order/components/order-editor';
import { OrderLines } from '../../../features/staff-order/components/order-lines';
import { OrderFacts, OrderHeader } from '../../../features/staff-order/components/order-summary';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';

/** The order's data starts loading with the navigation. */
export function clientLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    if (params.order) void queryClient.prefetchQuery(getStaffOrderQueryOptions(params.order));
    return null;
  };
}

/** Articles for the editor's "add a line": the shop's search suggestions (number and name). */
function useArticleSuggestions(term: string): readonly ArticleSuggestion[] {
  const lang = useLang();
  const { data } = useSuggestions(term, lang);
  return useMemo(() => data?.products.map((product) => ({ sku: product.sku, title: product.title })) ?? [], [data]);
}

/**
 * The staff order page (issue 42, points 4 and 5): the order's facts, lines and totals, the steps
 * it may take, editing it until its cut-off, and its timeline. Finance reads it; only the order
 * desk (and admin) act, since another role's call would answer 403, which logs out.
 */
export default function StaffOrderPage() {
  const { t } = useTranslation(['staff-order', 'errors']);
  const uuid = useParams().order ?? '';
  const order = useStaffOrder(uuid);
  const roles = useSessionUser()?.data?.roles ?? [];
  const mayAct = staffMayReach(roles, ['order_desk']);
  const [editing, setEditing] = useState(false);
  const [conflict, setConflict] = useState(false);
  usePageTitle(order.data ? t('staff-order:title', { number: order.data.order_number ?? order.data.id }) : t('staff-order:title', { number: '' }));

  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return <Alert variant={missing ? 'warning' : 'danger'}>{missing ? t('staff-order:notFound') : t('staff-order:loadFailed')}</Alert>;
  }
  if (!order.data) return <PageSpinner />;
  const data = order.data;

  function reload() {
    setConflict(false);
    setEditing(false);
    void order.refetch();
  }

  return (
    <article>
      <OrderHeader order={data} />
      {conflict && <ConflictAlert onReload={reload} />}
      {mayAct && !editing && (
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <OrderActions order={data} onConflict={() => setConflict(true)} />
          {data.change.allowed && (
            <Button variant="outline-primary" className="mb-3" onClick={() => setEditing(true)}>
              {t('staff-order:edit.start')}
            </Button>
          )}
        </div>
      )}
      <OrderFacts order={data} />
      {editing ? (
        <OrderEditor key={data.version} order={data} onDone={() => setEditing(false)} onConflict={() => setConflict(true)} useArticleSuggestions={useArticleSuggestions} />
      ) : (
        <OrderLines lines={data.lines} totals={data.totals} />
      )}
      <AuditTimeline filters={{ entity: 'order', entity_id: String(data.id) }} />
    </article>
  );
}
