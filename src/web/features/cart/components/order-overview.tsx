import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { OrderResource } from '../../../../shared/api/checkout';

import { useAdjustmentLabel } from './checkout-totals';

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
      className="order-overview-image rounded border bg-white"
      onError={() => setFailed(true)}
    />
  );
}

/** The placed order's lines (picture, title, article number, quantity, unit price, total), adjustments and total. */
export function OrderOverview({ order }: { order: OrderResource }) {
  const { t } = useTranslation('checkout');
  const labelOf = useAdjustmentLabel();
  return (
    <Table responsive className="order-overview align-middle mb-0">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('completed.image')}</span>
          </th>
          <th scope="col">{t('completed.description')}</th>
          <th scope="col" className="text-end">
            {t('completed.quantity')}
          </th>
          <th scope="col" className="text-end">
            {t('completed.unitPrice')}
          </th>
          <th scope="col" className="text-end">
            {t('completed.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.order_items.map((item) => {
          const title = item.purchased_entity?.title ?? item.title;
          return (
            <tr key={item.id} className="order-line" data-sku={item.purchased_entity?.sku}>
              <td className="order-overview-image-cell">
                <Thumbnail src={item.product_images[0]?.image_style_uri.thumbnail} alt={t('completed.imageOf', { name: title })} />
              </td>
              <td>
                <span className="d-block fw-semibold">{title}</span>
                {item.purchased_entity ? (
                  <span className="small text-body-secondary">{t('summary.articleNumber', { sku: item.purchased_entity.sku })}</span>
                ) : null}
              </td>
              <td className="text-end">{Number(item.quantity)}</td>
              <td className="text-end text-nowrap">{item.unit_price.formatted}</td>
              <td className="text-end text-nowrap">{item.total_price.formatted}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={4} className="text-end fw-normal">
            {t('summary.subtotal')}
          </th>
          <td className="text-end text-nowrap">{order.order_total.subtotal.formatted}</td>
        </tr>
        {order.order_total.adjustments.map((adjustment) => (
          <tr key={`${adjustment.type}-${adjustment.label}-${adjustment.percentage ?? ''}`} data-adjustment={adjustment.type}>
            <th scope="row" colSpan={4} className="text-end fw-normal">
              {labelOf(adjustment)}
            </th>
            <td className="text-end text-nowrap">{adjustment.amount.formatted}</td>
          </tr>
        ))}
        <tr className="order-overview-total">
          <th scope="row" colSpan={4} className="text-end">
            {t('summary.grandTotal')}
          </th>
          <td className="text-end text-nowrap fw-bold">{order.total_price.formatted}</td>
        </tr>
      </tfoot>
    </Table>
  );
}
