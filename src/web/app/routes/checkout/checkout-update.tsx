import { CheckoutUpdate } from '../../../features/ordering/checkout/components/checkout-update';

/** /{lang}/cart/checkout/{order}/update: the payment status check after checkout, 'Status controleren' (spec section 2). */
export default function CheckoutUpdatePage() {
  return <CheckoutUpdate />;
}
