import { CashInvoicePaid } from '../../../features/ordering/history/components/cash-invoice-result';

/** /{lang}/cash-invoices/payment/{cashInvoice}/completed?invoiceNumber=…: 'Invoice paid' (spec section 2). */
export default function CashInvoiceCompletedPage() {
  return <CashInvoicePaid />;
}
