import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { StaffBoardOrder } from '../../../../shared/api/staff-orders';
import type { Language } from '../../../../shared/lang';
import { OrderStateBadge } from '../../../components/ui/order-state-badge';
import { formatEuro, formatMoment } from '../../../lib/format';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';

const dayNames = { nl: new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }), en: new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) };

/** A delivery day as a heading: 'donderdag 26 november 2026'. */
export const longDay = (day: string, lang: Language) => dayNames[lang].format(new Date(`${day}T00:00:00Z`));

/** The rows in runs of one delivery date, in the order they came (the server sorts by delivery date). */
export function byDeliveryDate(orders: readonly StaffBoardOrder[]): Array<{ day: string | null; orders: StaffBoardOrder[] }> {
  const groups: Array<{ day: string | null; orders: StaffBoardOrder[] }> = [];
  for (const order of orders) {
    const last = groups.at(-1);
    if (last && last.day === order.delivery_date) last.orders.push(order);
    else groups.push({ day: order.delivery_date, orders: [order] });
  }
  return groups;
}

/** The payment method in the UI language (the order keeps its label in the customer's). */
function useMethodName() {
  const { t } = useTranslation('staff-orders');
  return ({ id, label }: StaffBoardOrder['payment_method']) => (id === 'on_account' || id === 'ideal' ? t(`filters.paymentMethods.${id}`) : (label ?? id ?? ''));
}

/** One order: a row of columns on a wide screen, a card on a phone and an upright tablet (each value with its label). */
function BoardRow({ order }: { order: StaffBoardOrder }) {
  const { t } = useTranslation('staff-orders');
  const lang = useLang();
  const to = useLocalizedPath();
  const methodName = useMethodName();
  // On account says it all; a payment made online is said.
  const status = order.payment_status === 'paid' ? t('list.paymentStatuses.paid') : '';
  return (
    <li className="board-row" data-testid="board-row">
      <div className="board-cell board-order">
        <Link to={`${to('/staff/orders')}/${order.id}`} className="fw-semibold">
          {order.order_number ?? order.drupal_internal__order_id}
        </Link>
        <div className="small text-body-secondary">
          <span className="board-label">{t('list.placedAt')}: </span>
          {formatMoment(order.placed_at, lang)}
        </div>
      </div>
      <div className="board-cell board-customer">
        {order.customer.name}
        <div className="small text-body-secondary">{order.customer.erp_number}</div>
      </div>
      <div className="board-cell">
        <OrderStateBadge state={order.state}>{t(`states.${order.state}`)}</OrderStateBadge>
      </div>
      <div className="board-cell">
        <span className="board-label">{t('list.payment')}: </span>
        {methodName(order.payment_method)}
        {status && <div className="small text-body-secondary">{status}</div>}
      </div>
      <div className="board-cell text-break">
        {order.po_reference && (
          <>
            <span className="board-label">{t('list.poReference')}: </span>
            {order.po_reference}
          </>
        )}
      </div>
      <div className="board-cell board-total text-nowrap">{formatEuro(order.total_cents)}</div>
    </li>
  );
}

/** The page's orders under a heading per delivery date. */
export function BoardList({ orders }: { orders: readonly StaffBoardOrder[] }) {
  const { t } = useTranslation('staff-orders');
  const lang = useLang();
  return (
    <div className="board">
      <div className="board-row board-head" aria-hidden="true">
        <div className="board-cell">{t('list.order')}</div>
        <div className="board-cell">{t('list.customer')}</div>
        <div className="board-cell">{t('list.state')}</div>
        <div className="board-cell">{t('list.payment')}</div>
        <div className="board-cell">{t('list.poReference')}</div>
        <div className="board-cell board-total">{t('list.total')}</div>
      </div>
      {byDeliveryDate(orders).map((group, i) => {
        const id = `board-day-${group.day ?? 'none'}-${i}`;
        return (
          <section key={id} aria-labelledby={id} className="mb-3">
            <h2 id={id} className="h6 board-day">
              {group.day ? longDay(group.day, lang) : t('list.noDate')}
              <span className="fw-normal text-body-secondary ms-2">({t('list.dayCount', { count: group.orders.length })})</span>
            </h2>
            <ul className="list-unstyled mb-0">
              {group.orders.map((order) => (
                <BoardRow key={order.id} order={order} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
