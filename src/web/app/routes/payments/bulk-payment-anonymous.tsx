import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Bulk payment status check for anonymous payers (not guarded, never redirects). Placeholder: a later issue replaces this component; the route stays. */
export default function BulkPaymentAnonymousPage() {
  return <ComingSoonPage page="bulkPaymentUpdate" />;
}
