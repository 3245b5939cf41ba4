import { CashInvoiceFailed } from '../../../features/ordering/history/components/cash-invoice-result';

/** /{lang}/cash-invoices/payment/{cashInvoice}/failed?invoiceNumber=…: 'Invoice payment failed' (spec sections 2 and 8). */
export default function CashInvoiceFailedPage() {
  return <CashInvoiceFailed />;
}
