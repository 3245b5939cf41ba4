import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** My orders and open invoices. Placeholder: a later issue replaces this component; the route stays. */
export default function OrdersPage() {
  return <ComingSoonPage page="orders" />;
}
