import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { OrderAdjustment } from '../../../../shared/api/cart';
import type { OrderResource } from '../../../../shared/api/checkout';
import { useLocalizedPath } from '../../../lib/use-lang';

import { taxPercentage } from './format';

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
      className="rounded border bg-white object-fit-contain"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The order's lines (picture, name, article number, quantity, unit price, total), then the
 * subtotal, the adjustments (shipping, VAT per rate) and the total (spec section 2).
 */
export function OrderLines({ order }: { order: OrderResource }) {
  const { t } = useTranslation('orders');
  const to = useLocalizedPath();
  const labelOf = (adjustment: OrderAdjustment) =>
    adjustment.type === 'tax' ? t('detail.tax', { percentage: taxPercentage(adjustment.percentage) }) : adjustment.label;
  return (
    <Table responsive className="order-lines align-middle mb-0">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('detail.image')}</span>
          </th>
          <th scope="col">{t('detail.description')}</th>
          <th scope="col" className="text-end">
            {t('detail.quantity')}
          </th>
          <th scope="col" className="text-end">
            {t('detail.unitPrice')}
          </th>
          <th scope="col" className="text-end">
            {t('detail.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.order_items.map((item) => {
          const title = item.purchased_entity?.title || item.title;
          const product = item.purchased_entity?.product_uuid;
          return (
            <tr key={item.id} className="order-line" data-sku={item.purchased_entity?.sku}>
              <td style={{ width: 72 }}>
                <Thumbnail src={item.product_images[0]?.image_style_uri.thumbnail} alt={t('detail.imageOf', { name: title })} />
              </td>
              <td>
                {product ? (
                  <Link to={to(`/assortment/${product}`)} className="d-block fw-semibold link-body-emphasis text-decoration-none">
                    {title}
                  </Link>
                ) : (
                  <span className="d-block fw-semibold">{title}</span>
                )}
                {item.purchased_entity ? (
                  <span className="small text-body-secondary">{t('detail.articleNumber', { sku: item.purchased_entity.sku })}</span>
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
            {t('detail.subtotal')}
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
        <tr data-testid="order-total">
          <th scope="row" colSpan={4} className="text-end">
            {t('detail.grandTotal')}
          </th>
          <td className="text-end text-nowrap fw-bold">{order.total_price.formatted}</td>
        </tr>
      </tfoot>
    </Table>
  );
}
