import { OrderCompleted } from '../../../features/ordering/checkout/components/order-completed';

/** /{lang}/cart/checkout/{order}/completed: 'Order placed', the order stored under 'placed' (spec section 2). */
export default function CheckoutCompletedPage() {
  return <OrderCompleted />;
}
