import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../../components/ui/alert';
import type { CashInvoice, OrderListResponse } from '../../../../../shared/api/orders';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { SectionCard } from '../../../../components/ui/section-card';
import { Pagination } from '../../../../components/ui/pagination';
import { TableHead } from '../../../../components/ui/table-parts';
import { useLocalizedPath } from '../../../../lib/use-lang';
import { invoiceOfOrder, isCredit } from '../api/get-open-invoices';
import { orderPages } from '../api/get-orders';
import type { OrderLinkState } from '../hooks/order-link-state';

import { formatEuros, formatMomentLong } from '../../../../lib/format';
import { InvoicePayAction } from './invoice-pay-action';

interface Props {
  page: number;
  orders: OrderListResponse | undefined;
  failed: boolean;
  /** The relation's open invoices (undefined while they load): an order's own invoice shows in its row. */
  invoices: readonly CashInvoice[] | undefined;
  onPage: (page: number) => void;
}

/** An order's open invoice: its number, the outstanding amount and 'Pay now' or 'Credit'. */
function OrderInvoice({ invoice }: { invoice: CashInvoice }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span>{invoice.invoiceNumber}</span>
      <span className={`text-nowrap${isCredit(invoice) ? ' text-success' : ''}`}>{formatEuros(invoice.outstandingAmount)}</span>
      <InvoicePayAction invoice={invoice} />
    </div>
  );
}

type Order = OrderListResponse['data'][number];

function OrderRow({ order, invoices }: { order: Order; invoices: Props['invoices'] }) {
  const { t } = useTranslation(['orders', 'errors']);
  const to = useLocalizedPath();
  const invoice = invoiceOfOrder(invoices, order.drupal_internal__order_id);
  const state: OrderLinkState = { orderId: order.drupal_internal__order_id, uuid: order.id };
  return (
    <tr data-order={order.order_number}>
      <td className="text-nowrap">{formatMomentLong(order.placed)}</td>
      <td>{order.order_number}</td>
      <td className="text-end text-nowrap">{order.total_price.formatted}</td>
      <td data-testid="order-invoice">{invoice ? <OrderInvoice invoice={invoice} /> : null}</td>
      <td className="text-end">
        <Link
          to={to(`/account/orders/${order.drupal_internal__order_id}`)}
          state={state}
          className="btn btn-outline-primary btn-sm text-nowrap"
          aria-label={`${t('orders:webshop.details')} ${t('orders:webshop.detailsOf', { number: order.order_number })}`}
        >
          {t('orders:webshop.details')}
        </Link>
      </td>
    </tr>
  );
}

/** A page with orders: how many there are, and a row for each. */
function OrdersTable({ orders, invoices }: { orders: OrderListResponse; invoices: Props['invoices'] }) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
    <>
      <p className="text-body-secondary small mb-2" data-testid="orders-count">
        {t('orders:webshop.count', { count: orders.meta.count })}
      </p>
      <Table responsive className="orders-table align-middle mb-0">
        <TableHead
          columns={[
            t('orders:webshop.placed'),
            t('orders:webshop.orderNumber'),
            { label: t('orders:webshop.total'), className: 'text-end text-nowrap' },
            t('orders:webshop.invoice'),
            { label: t('orders:webshop.details'), className: 'text-end', hidden: true },
          ]}
        />
        <tbody>
          {orders.data.map((order) => (
            <OrderRow key={order.id} order={order} invoices={invoices} />
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** What the section shows: a failure, the spinner, no orders, a page past the last, or the orders. */
function OrdersBody({ orders, failed, invoices }: Pick<Props, 'orders' | 'failed' | 'invoices'>) {
  const { t } = useTranslation(['orders', 'errors']);
  const to = useLocalizedPath();
  if (failed && !orders) return <Alert variant="danger" className="mb-0">{t('errors:generic')}</Alert>;
  if (!orders) return <PageSpinner />;
  if (orders.meta.count === 0) return <p className="mb-0 text-body-secondary">{t('orders:webshop.empty')}</p>;
  if (orders.data.length === 0) {
    return (
      <p className="mb-0 text-body-secondary">
        {t('orders:webshop.emptyPage')}{' '}
        <Link to={to('/account/orders')}>{t('orders:webshop.firstPage')}</Link>
      </p>
    );
  }
  return <OrdersTable orders={orders} invoices={invoices} />;
}

/**
 * 'Webshop orders' (spec section 2): a page of the user's orders with the placed date (nl-NL long
 * format), order number, total including VAT, a link to the detail and, when the order has an
 * open invoice, its number and outstanding amount with 'Pay now' or 'Credit'; pagination below.
 */
export function WebshopOrders({ page, orders, failed, invoices, onPage }: Props) {
  const { t } = useTranslation(['orders', 'errors']);
  const pages = orders ? orderPages(orders.meta.count) : 1;
  return (
    <SectionCard id="orders-webshop-title" title={t('orders:webshop.title')} className="mt-4">
      <OrdersBody orders={orders} failed={failed} invoices={invoices} />
      {orders ? <Pagination className="mt-3" label={t('orders:pagination.label')} page={page} pages={pages} onPage={onPage} /> : null}
    </SectionCard>
  );
}
