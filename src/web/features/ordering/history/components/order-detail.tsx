import type { ReactNode } from 'react';
import type { z } from 'zod';
import Badge from 'react-bootstrap/Badge';
import { Button } from '../../../../components/ui/button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { Alert } from '../../../../components/ui/alert';
import type { addressSnapshot, OrderResource } from '../../../../../shared/api/checkout';
import type { CashInvoice } from '../../../../../shared/api/orders';
import { OrderAgainButton } from '../../../../components/ui/order-again-button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { SectionCard } from '../../../../components/ui/section-card';
import { useSessionUser } from '../../../../lib/session';
import { useLocalizedPath } from '../../../../lib/use-lang';
import { usePageTitle } from '../../../../lib/use-page-title';
import { invoiceOfOrder, isCredit, useOpenInvoices } from '../api/get-open-invoices';
import { orderIdOf, useOrderDetail } from '../hooks/use-order-detail';

import { formatDay, formatEuros, formatMomentLong } from '../../../../lib/format';
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
    <SectionCard id="order-invoice-title" title={t('detail.invoice')} titleClassName="h6 mb-3" className="mt-3" testId="order-invoice">
      <dl className="mb-3">
        <Row label={t('detail.invoiceNumber')}>{invoice.invoiceNumber}</Row>
        <Row label={t('detail.outstanding')}>
          <span className={isCredit(invoice) ? 'text-success' : undefined}>{formatEuros(invoice.outstandingAmount)}</span>
        </Row>
      </dl>
      <InvoicePayAction invoice={invoice} size="lg" />
    </SectionCard>
  );
}

/** The order's number, date, state and payment method. */
function OrderFacts({ order }: { order: OrderResource }) {
  const { t } = useTranslation('orders');
  const state = (STATES as readonly string[]).includes(order.state) ? t(`detail.states.${order.state}`) : order.state;
  return (
    <SectionCard id="order-details-title" title={t('detail.details')} titleClassName="h6 mb-3">
      <dl className="mb-0">
        <Row label={t('detail.orderNumber')} testId="order-number">
          <span className="fs-5 fw-semibold">{order.order_number}</span>
        </Row>
        <Row label={t('detail.orderDate')} testId="order-date">
          {formatMomentLong(order.placed)}
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
        {order.po_reference ? (
          <Row label={t('detail.poReference')} testId="order-po-reference">
            {order.po_reference}
          </Row>
        ) : null}
        {order.comment ? (
          <Row label={t('detail.comment')} testId="order-comment">
            <span style={{ whiteSpace: 'pre-line' }}>{order.comment}</span>
          </Row>
        ) : null}
      </dl>
    </SectionCard>
  );
}

/** The delivery date, shipping method and the delivery and billing addresses, where there are. */
function DeliveryCard({ order }: { order: OrderResource }) {
  const { t } = useTranslation('orders');
  return (
    <SectionCard id="order-delivery-title" title={t('detail.delivery')} titleClassName="h6 mb-3" className="mt-3">
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
    </SectionCard>
  );
}

function OrderView({ order, invoice }: { order: OrderResource; invoice: CashInvoice | undefined }) {
  const { t } = useTranslation('orders');
  return (
    <div className="row g-4">
      <div className="col-xl-4 order-xl-2">
        <OrderFacts order={order} />
        {invoice ? <InvoiceCard invoice={invoice} /> : null}
        <DeliveryCard order={order} />
        <div className="d-grid mt-3">
          <OrderAgainButton order={order} successText={t('detail.addedToCart')}>
            {t('detail.orderAgain')}
          </OrderAgainButton>
        </div>
      </div>
      <div className="col-xl-8 order-xl-1">
        <SectionCard id="order-overview-title" title={t('detail.overview')}>
          <OrderLines order={order} />
        </SectionCard>
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
