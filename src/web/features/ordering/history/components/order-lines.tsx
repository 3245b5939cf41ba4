import { Link } from 'react-router';

import type { OrderResource } from '../../../../../shared/api/checkout';
import { OrderTable } from '../../../../components/ui/order-table';
import { useLocalizedPath } from '../../../../lib/use-lang';

/**
 * The order's lines (picture, name linking to the product, article number, quantity, unit
 * price, total), then the subtotal, the adjustments (shipping, VAT per rate) and the total
 * (spec section 2).
 */
export function OrderLines({ order }: { order: OrderResource }) {
  const to = useLocalizedPath();
  return (
    <OrderTable
      order={order}
      className="order-lines"
      totalRow={{ 'data-testid': 'order-total' }}
      title={(item, name) =>
        item.purchased_entity?.product_uuid ? (
          <Link to={to(`/assortment/${item.purchased_entity.product_uuid}`)} className="d-block fw-semibold link-body-emphasis text-decoration-none">
            {name}
          </Link>
        ) : (
          <span className="d-block fw-semibold">{name}</span>
        )
      }
    />
  );
}
