import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Order confirmation ('Order placed'). Placeholder: a later issue replaces this component; the route stays. */
export default function CheckoutCompletedPage() {
  return <ComingSoonPage page="checkoutCompleted" />;
}
