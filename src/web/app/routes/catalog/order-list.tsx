import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Favourite products (the order list). Placeholder: a later issue replaces this component; the route stays. */
export default function OrderListPage() {
  return <ComingSoonPage page="orderList" />;
}
