import { QuickOrder } from '../../../features/quick-order/components/quick-order';

/** /{lang}/quick-order: order by article number, a pasted list or a file (issue 18). */
export default function QuickOrderPage() {
  return <QuickOrder />;
}
