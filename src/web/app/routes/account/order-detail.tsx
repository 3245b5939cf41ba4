import { OrderDetail } from '../../../features/ordering/history/components/order-detail';

/** Order detail: /{lang}/account/orders/{id}, the numeric order id (spec section 2). */
export default function OrderDetailPage() {
  return <OrderDetail />;
}
