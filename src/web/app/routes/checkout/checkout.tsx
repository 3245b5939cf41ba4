import { CheckoutView } from '../../../features/ordering/checkout/components/checkout-view';

/** /{lang}/cart/checkout: 'Complete order' (spec section 2, Checkout page). */
export default function CheckoutPage() {
  return <CheckoutView />;
}
