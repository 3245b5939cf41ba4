import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

/** Cash invoice payment state check (polls every 1.5 s). Placeholder: a later issue replaces this component; the route stays. */
export default function CashInvoiceUpdatePage() {
  return <ComingSoonPage page="cashInvoiceUpdate" />;
}
