import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** 'Invoice payment failed' (?invoiceNumber=…). Placeholder: a later issue replaces this component; the route stays. */
export default function CashInvoiceFailedPage() {
  return <ComingSoonPage page="cashInvoiceFailed" />;
}
