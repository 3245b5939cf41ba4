import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Checkout ('Complete order'). Placeholder: a later issue replaces this component; the route stays. */
export default function CheckoutPage() {
  return <ComingSoonPage page="checkout" />;
}
