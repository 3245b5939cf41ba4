import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { pageParam } from '../../../../lib/page-param';
import { useSessionUser } from '../../../../lib/session';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useOpenInvoices } from '../api/get-open-invoices';
import { useOrders } from '../api/get-orders';

import { FoodOverviewDownload } from './food-overview-download';
import { OutsideInvoices } from './outside-invoices';
import { WebshopOrders } from './webshop-orders';

/**
 * My orders (spec section 2): the open invoices outside the webshop, then the webshop orders, 15
 * a page; a page change updates `?page=`; then the allergen overview's downloads (issue 19).
 */
export function MyOrders() {
  const { t } = useTranslation(['orders', 'common']);
  usePageTitle(t('common:pages.orders'));
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const hasRelation = Boolean(user?.relation ?? user?.relation_uuid);
  const orders = useOrders(user?.id ?? null, page);
  const invoices = useOpenInvoices(user?.id ?? null, hasRelation);

  function showPage(next: number) {
    setParams((current) => {
      const query = new URLSearchParams(current);
      if (next > 1) query.set('page', String(next));
      else query.delete('page');
      return query;
    });
  }

  return (
    <section className="my-orders">
      <h1 className="page-title">{t('common:pages.orders')}</h1>
      <OutsideInvoices invoices={invoices.data} loading={hasRelation && invoices.isPending} failed={invoices.isError} />
      <WebshopOrders
        page={page}
        orders={orders.data}
        failed={orders.isError}
        invoices={invoices.data}
        onPage={showPage}
      />
      {hasRelation ? <FoodOverviewDownload /> : null}
    </section>
  );
}
