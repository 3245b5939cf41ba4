import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Cart. Placeholder: a later issue replaces this component; the route stays. */
export default function CartPage() {
  return <ComingSoonPage page="cart" />;
}
