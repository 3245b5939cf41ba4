import { type ReactNode, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { OrderAdjustment } from '../../../shared/api/cart';
import type { OrderItemResource, OrderResource } from '../../../shared/api/checkout';
import { businessDay } from '../../../shared/delivery-date';
import { taxPercentage } from '../../lib/format';

import { BackorderNote, UnitQuantityNote } from './line-notes';
import { LineAmounts, TableHead } from './table-parts';

/** Shown when a product has no picture or its picture does not load. */
const fallbackImageUrl = `${import.meta.env.BASE_URL}images/product-placeholder.svg`;

function Thumbnail({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={src && !failed ? src : fallbackImageUrl}
      alt={alt}
      width={56}
      height={56}
      loading="lazy"
      className="order-table-image rounded border bg-white object-fit-contain"
      onError={() => setFailed(true)}
    />
  );
}

type TitleOf = (item: OrderItemResource, name: string) => ReactNode;

/** One placed line: picture, title, article number, sales unit and backorder notes, and the amounts. */
function OrderLine({ item, title, placedDay }: { item: OrderItemResource; title: TitleOf; placedDay: string }) {
  const { t } = useTranslation('common');
  const name = item.purchased_entity?.title || item.title;
  return (
    <tr className="order-line" data-sku={item.purchased_entity?.sku}>
      <td className="order-table-image-cell">
        <Thumbnail src={item.product_images[0]?.image_style_uri.thumbnail} alt={t('orderTable.imageOf', { name })} />
      </td>
      <td>
        {title(item, name)}
        {item.purchased_entity ? <span className="small text-body-secondary">{t('orderTable.articleNumber', { sku: item.purchased_entity.sku })}</span> : null}
        <UnitQuantityNote quantity={Number(item.quantity)} unit={item.sales_unit} />
        <BackorderNote backorder={item.backorder} asOf={placedDay} />
      </td>
      <LineAmounts quantity={item.quantity} unitPrice={item.unit_price} total={item.total_price} />
    </tr>
  );
}

/** The subtotal, the adjustments (shipping, VAT per rate) and the total. */
function OrderTotals({ order, totalRow }: { order: OrderResource; totalRow: { className?: string; 'data-testid'?: string } | undefined }) {
  const { t } = useTranslation('common');
  const adjustmentLabel = (adjustment: OrderAdjustment) =>
    adjustment.type === 'tax' ? t('orderTable.tax', { percentage: taxPercentage(adjustment.percentage) }) : adjustment.label;
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={4} className="text-end fw-normal">
          {t('orderTable.subtotal')}
        </th>
        <td className="text-end text-nowrap">{order.order_total.subtotal.formatted}</td>
      </tr>
      {order.order_total.adjustments.map((adjustment) => (
        <tr key={`${adjustment.type}-${adjustment.label}-${adjustment.percentage ?? ''}`} data-adjustment={adjustment.type}>
          <th scope="row" colSpan={4} className="text-end fw-normal">
            {adjustmentLabel(adjustment)}
          </th>
          <td className="text-end text-nowrap">{adjustment.amount.formatted}</td>
        </tr>
      ))}
      <tr {...totalRow}>
        <th scope="row" colSpan={4} className="text-end">
          {t('orderTable.grandTotal')}
        </th>
        <td className="text-end text-nowrap fw-bold">{order.total_price.formatted}</td>
      </tr>
    </tfoot>
  );
}

/**
 * A placed order's lines (picture, title, article number, the sales unit and backorder as placed,
 * quantity, unit price, total), then the
 * subtotal, the adjustments (shipping, VAT per rate) and the total: the completed page and the
 * order detail show the same table. `title` may wrap a line's title (a link).
 */
export function OrderTable({
  order,
  className,
  title = (_item, name) => <span className="d-block fw-semibold">{name}</span>,
  totalRow,
}: {
  order: OrderResource;
  className: string;
  title?: TitleOf;
  /** Attributes of the total's row (class or test id the page's tests look for). */
  totalRow?: { className?: string; 'data-testid'?: string };
}) {
  const { t } = useTranslation('common');
  // A backorder's expected date as the order was placed with it (the confirmation mail's words).
  const placedDay = businessDay(order.placed === null ? new Date() : new Date(order.placed));
  return (
    <Table responsive className={`${className} align-middle mb-0`}>
      <TableHead
        columns={[
          { label: t('orderTable.image'), hidden: true },
          t('orderTable.description'),
          { label: t('orderTable.quantity'), className: 'text-end' },
          { label: t('orderTable.unitPrice'), className: 'text-end' },
          { label: t('orderTable.total'), className: 'text-end' },
        ]}
      />
      <tbody>
        {order.order_items.map((item) => (
          <OrderLine key={item.id} item={item} title={title} placedDay={placedDay} />
        ))}
      </tbody>
      <OrderTotals order={order} totalRow={totalRow} />
    </Table>
  );
}
