import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Bulk payment status check for a logged-in payer. Placeholder: a later issue replaces this component; the route stays. */
export default function BulkPaymentUpdatePage() {
  return <ComingSoonPage page="bulkPaymentUpdate" />;
}
