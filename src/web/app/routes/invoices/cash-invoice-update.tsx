import { CashInvoiceUpdate } from '../../../features/ordering/history/components/cash-invoice-update';

/** /{lang}/cash-invoices/payment/{cashInvoice}/update: the invoice payment's state check, polled every 1.5 s (spec sections 2 and 4). */
export default function CashInvoiceUpdatePage() {
  return <CashInvoiceUpdate />;
}
