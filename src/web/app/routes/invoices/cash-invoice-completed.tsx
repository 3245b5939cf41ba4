import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** 'Invoice paid' (?invoiceNumber=…). Placeholder: a later issue replaces this component; the route stays. */
export default function CashInvoiceCompletedPage() {
  return <ComingSoonPage page="cashInvoicePaid" />;
}
