import type { ReactNode } from 'react';
import type { z } from 'zod';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import type { addressSnapshot, OrderResource } from '../../../../shared/api/checkout';
import type { CashInvoice } from '../../../../shared/api/orders';
import { LeftOutNotice } from '../../../components/ui/left-out-notice';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSessionUser } from '../../../lib/session';
import { useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { leftOutLines, useOrderAgain } from '../../../lib/api/order-again';
import { invoiceOfOrder, isCredit, useOpenInvoices } from '../api/get-open-invoices';
import { orderIdOf, useOrderDetail } from '../hooks/use-order-detail';

import { formatEuros } from '../../../../shared/money';
import { formatDay, formatPlacedLong } from './format';
import { InvoicePayAction } from './invoice-pay-action';
import { OrderLines } from './order-lines';

type Address = z.infer<typeof addressSnapshot>;

const STATES = ['draft', 'placed', 'completed', 'canceled'] as const;

function AddressBlock({ address }: { address: Address }) {
  return (
    <address className="mb-0">
      {address.label ? <span className="d-block fw-semibold">{address.label}</span> : null}
      <span className="d-block">{address.name}</span>
      <span className="d-block">{address.address_line1}</span>
      <span className="d-block">
        {address.postal_code} {address.locality}
      </span>
      <span className="d-block">{address.country_code}</span>
    </address>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-body-secondary small text-uppercase">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

function InvoiceCard({ invoice }: { invoice: CashInvoice }) {
  const { t } = useTranslation('orders');
  return (
    <Card as="section" aria-labelledby="order-invoice-title" className="mt-3" data-testid="order-invoice">
      <Card.Body className="p-4">
        <Card.Title as="h2" id="order-invoice-title" className="h6 mb-3">
          {t('detail.invoice')}
        </Card.Title>
        <dl className="mb-3">
          <Row label={t('detail.invoiceNumber')}>{invoice.invoiceNumber}</Row>
          <Row label={t('detail.outstanding')}>
            <span className={isCredit(invoice) ? 'text-success' : undefined}>{formatEuros(invoice.outstandingAmount)}</span>
          </Row>
        </dl>
        <InvoicePayAction invoice={invoice} size="lg" />
      </Card.Body>
    </Card>
  );
}

function OrderView({ order, invoice }: { order: OrderResource; invoice: CashInvoice | undefined }) {
  const { t } = useTranslation('orders');
  // 'Order again' (spec section 2): the lines go to the cart, the toast 'Added to you cart' with the
  // counts; the lines left out are listed with their reasons (issue 18, point 6)
  const orderAgain = useOrderAgain({ successText: t('detail.addedToCart') });
  const state = (STATES as readonly string[]).includes(order.state) ? t(`detail.states.${order.state}`) : order.state;
  return (
    <div className="row g-4">
      <div className="col-xl-4 order-xl-2">
        <Card as="section" aria-labelledby="order-details-title">
          <Card.Body className="p-4">
            <Card.Title as="h2" id="order-details-title" className="h6 mb-3">
              {t('detail.details')}
            </Card.Title>
            <dl className="mb-0">
              <Row label={t('detail.orderNumber')} testId="order-number">
                <span className="fs-5 fw-semibold">{order.order_number}</span>
              </Row>
              <Row label={t('detail.orderDate')} testId="order-date">
                {formatPlacedLong(order.placed)}
              </Row>
              <Row label={t('detail.state')} testId="order-state">
                <Badge bg={order.state === 'canceled' ? 'secondary' : order.state === 'completed' ? 'success' : 'primary'} className="fw-normal">
                  {state}
                </Badge>
              </Row>
              {order.payment_method ? (
                <Row label={t('detail.paymentMethod')} testId="order-payment-method">
                  {order.payment_method}
                </Row>
              ) : null}
            </dl>
          </Card.Body>
        </Card>
        {invoice ? <InvoiceCard invoice={invoice} /> : null}
        <Card as="section" aria-labelledby="order-delivery-title" className="mt-3">
          <Card.Body className="p-4">
            <Card.Title as="h2" id="order-delivery-title" className="h6 mb-3">
              {t('detail.delivery')}
            </Card.Title>
            <dl className="mb-0">
              {order.req_dlv_date ? (
                <Row label={t('detail.deliveryDate')} testId="order-delivery-date">
                  {formatDay(order.req_dlv_date)}
                </Row>
              ) : null}
              {order.shipping_method ? (
                <Row label={t('detail.shippingMethod')} testId="order-shipping-method">
                  {order.shipping_method}
                </Row>
              ) : null}
              {order.delivery_address ? (
                <Row label={t('detail.deliveryAddress')} testId="order-delivery-address">
                  <AddressBlock address={order.delivery_address} />
                </Row>
              ) : null}
              {order.billing_address ? (
                <Row label={t('detail.billingAddress')} testId="order-billing-address">
                  <AddressBlock address={order.billing_address} />
                </Row>
              ) : null}
            </dl>
          </Card.Body>
        </Card>
        <div className="d-grid mt-3">
          <Button variant="primary" disabled={orderAgain.isPending || order.order_items.length === 0} onClick={() => orderAgain.mutate(order.id)}>
            {orderAgain.isPending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('detail.orderAgain')}
          </Button>
        </div>
        <LeftOutNotice lines={leftOutLines(orderAgain.data)} onClose={() => orderAgain.reset()} />
      </div>
      <div className="col-xl-8 order-xl-1">
        <Card as="section" aria-labelledby="order-overview-title">
          <Card.Body className="p-4">
            <Card.Title as="h2" id="order-overview-title" className="h5 mb-3">
              {t('detail.overview')}
            </Card.Title>
            <OrderLines order={order} />
          </Card.Body>
        </Card>
      </div>
    </div>
  );
}

/**
 * The order detail, /{lang}/account/orders/{id} (spec section 2, issue 7 point 4): the lines,
 * adjustments and totals; delivery address and date; shipping and payment method; the state
 * and, when it has one, the order's open invoice with 'Pay now'; 'Order again'.
 */
export function OrderDetail() {
  const { t } = useTranslation(['orders', 'common', 'errors']);
  usePageTitle(t('common:pages.orderDetail'));
  const to = useLocalizedPath();
  const user = useSessionUser();
  const orderId = orderIdOf(useParams().id);
  const { order, missing, failed, retry } = useOrderDetail(orderId);
  const invoices = useOpenInvoices(user?.id ?? null, Boolean(user?.relation ?? user?.relation_uuid));
  const invoice = order ? invoiceOfOrder(invoices.data, order.drupal_internal__order_id) : undefined;

  let body;
  if (missing) {
    body = (
      <Alert variant="warning" className="mt-3">
        {t('orders:detail.notFound')}
      </Alert>
    );
  } else if (failed) {
    body = (
      <Alert variant="danger" className="mt-3 d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{t('errors:generic')}</span>
        <Button variant="outline-danger" size="sm" onClick={retry}>
          {t('orders:detail.retry')}
        </Button>
      </Alert>
    );
  } else if (!order) {
    body = <PageSpinner />;
  } else {
    body = <OrderView order={order} invoice={invoice} />;
  }

  return (
    <section className="order-detail">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="page-title mb-0">{t('common:pages.orderDetail')}</h1>
        <Link to={to('/account/orders')} className="link-primary">
          <span aria-hidden="true">‹ </span>
          {t('orders:detail.back')}
        </Link>
      </div>
      {body}
    </section>
  );
}
