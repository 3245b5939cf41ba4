import type { OrderResource } from '../../../../../shared/api/checkout';
import { OrderTable } from '../../../../components/ui/order-table';

/** The placed order's lines (picture, title, article number, quantity, unit price, total), adjustments and total. */
export function OrderOverview({ order }: { order: OrderResource }) {
  return <OrderTable order={order} className="order-overview" totalRow={{ className: 'order-overview-total' }} />;
}
