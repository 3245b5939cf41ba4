import { BulkPaymentStatus } from '../../../features/payments/components/bulk-payment-status';

/**
 * /{lang}/bulk/payment/{paymentId}/update/anonymous: the status check for a payer who opened a
 * payment link without logging in (spec section 2). Not guarded and never redirects; a 403 here
 * does not log out (lib/api-client isForbiddenExempt).
 */
export default function BulkPaymentAnonymousPage() {
  return <BulkPaymentStatus anonymous />;
}
