import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Order detail. Placeholder: a later issue replaces this component; the route stays. */
export default function OrderDetailPage() {
  return <ComingSoonPage page="orderDetail" />;
}
