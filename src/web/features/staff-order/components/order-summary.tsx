import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { OrderStateName, StaffOrder } from '../../../../shared/api/staff-order';
import { OrderStateBadge as StateBadge } from '../../../components/ui/order-state-badge';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDay, formatMoment } from '../../../lib/format';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';

/** An order's state as a badge, in words. */
export function OrderStateBadge({ state }: { state: OrderStateName }) {
  const { t } = useTranslation('staff-order');
  return (
    <StateBadge state={state} className="fs-6 align-middle">
      {t(`states.${state}`)}
    </StateBadge>
  );
}

/** The page's heading: the order number, its state, and the customer (to its staff page). */
export function OrderHeader({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff-order');
  const to = useLocalizedPath();
  const { customer } = order;
  return (
    <header className="mb-3">
      <h1 className="page-title d-flex flex-wrap align-items-center gap-2">
        {t('title', { number: order.order_number ?? order.id })} <OrderStateBadge state={order.state} />
      </h1>
      <Link to={to(`/staff/customers/${customer.relation_uuid}`)}>
        {t('customerLink', { name: customer.relation_name, number: customer.relation_number })}
      </Link>
    </header>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="small fw-normal text-body-secondary">{label}</dt>
      <dd className="mb-2">{children}</dd>
    </>
  );
}

/** Whether and until when the order may still be changed. */
export function ChangeWindowText({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff-order');
  const lang = useLang();
  const { change } = order;
  if (change.allowed) return <>{change.until ? t('facts.changeUntil', { until: formatMoment(change.until, lang) }) : null}</>;
  if (order.state === 'canceled') return null;
  return <>{change.closed === 'cut_off' ? t('facts.changeClosedCutOff') : t('facts.changeClosedState')}</>;
}

const None = () => {
  const { t } = useTranslation('staff-order');
  return <span className="text-body-secondary">{t('facts.none')}</span>;
};

function CustomerCard({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff-order');
  const lang = useLang();
  return (
    <SectionCard id="order-customer" title={t('facts.customer')} className="h-100">
      <dl className="mb-0">
        <Fact label={t('facts.customer')}>{order.customer.relation_name}</Fact>
        <Fact label={t('facts.placedBy')}>
          {order.customer.user.name}
          <br />
          <a href={`mailto:${order.customer.user.mail}`} className="text-break">
            {order.customer.user.mail}
          </a>
        </Fact>
        <Fact label={t('facts.language')}>{order.customer.langcode === 'en' ? t('facts.languages.en') : t('facts.languages.nl')}</Fact>
        <Fact label={t('facts.placedAt')}>{order.placed_at ? formatMoment(order.placed_at, lang) : <None />}</Fact>
      </dl>
    </SectionCard>
  );
}

function DeliveryCard({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff-order');
  const address = order.delivery_address;
  return (
    <SectionCard id="order-delivery" title={t('facts.delivery')} className="h-100">
      <dl className="mb-0">
        <Fact label={t('facts.deliveryDate')}>{order.delivery_date ? formatDay(order.delivery_date) : <None />}</Fact>
        <Fact label={t('facts.deliveryAddress')}>
          {address ? (
            <address className="mb-0">
              {address.name}
              <br />
              {address.address_line1}
              <br />
              {address.postal_code} {address.locality}
            </address>
          ) : (
            <None />
          )}
        </Fact>
        <Fact label={t('facts.shipping')}>{order.shipping_method ?? <None />}</Fact>
      </dl>
      <p className="small mb-0">
        <ChangeWindowText order={order} />
      </p>
    </SectionCard>
  );
}

function PaymentCard({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff-order');
  const payment = order.payment_status === 'paid' || order.payment_status === 'on_account' ? t(`facts.paymentStatuses.${order.payment_status}`) : (order.payment_status ?? '');
  return (
    <SectionCard id="order-payment" title={t('facts.payment')} className="h-100">
      <dl className="mb-0">
        <Fact label={t('facts.paymentMethod')}>{order.payment_method ?? <None />}</Fact>
        <Fact label={t('facts.paymentStatus')}>{payment || <None />}</Fact>
      </dl>
      {order.finance_check && <p className="small text-danger-emphasis mb-0">{t(`facts.financeCheck.${order.finance_check}`)}</p>}
    </SectionCard>
  );
}

function RemarksCard({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff-order');
  return (
    <SectionCard id="order-remarks" title={t('facts.comment')} className="h-100">
      <p className="mb-2" style={{ whiteSpace: 'pre-wrap' }}>
        {order.customer_comment || <None />}
      </p>
      <dl className="mb-0">
        <Fact label={t('facts.poReference')}>{order.po_reference || <None />}</Fact>
      </dl>
    </SectionCard>
  );
}

/** The facts of the order in cards: customer, delivery, payment, the customer's own words. */
export function OrderFacts({ order }: { order: StaffOrder }) {
  return (
    <Row xs={1} md={2} xxl={4} className="g-3 mb-4">
      {[CustomerCard, DeliveryCard, PaymentCard, RemarksCard].map((Card) => (
        <Col key={Card.name}>
          <Card order={order} />
        </Col>
      ))}
    </Row>
  );
}
