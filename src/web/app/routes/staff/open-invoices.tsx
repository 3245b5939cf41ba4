import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { OPEN_INVOICES_PER_PAGE, type StaffOpenInvoice } from '../../../../shared/api/staff-invoices';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { useCreatePaymentLink } from '../../../features/staff/api/create-payment-link';
import { useOpenInvoices } from '../../../features/staff/api/get-open-invoices';
import { OpenInvoiceFilters } from '../../../features/staff/components/open-invoice-filters';
import { OpenInvoicesTable } from '../../../features/staff/components/open-invoices-table';
import { PaymentLinkModal, type PaymentLinkShown } from '../../../features/staff/components/payment-link-modal';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/api/failure-text';
import { formatEuro } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';

/** The filters in the address: search, overdue=1 (and the page; a change of filter starts at page 1). */
const invoiceFilters = (search: URLSearchParams) => ({ search: search.get('search') ?? '', overdue: search.get('overdue') === '1' });
const invoiceQuery = ({ search, overdue }: ReturnType<typeof invoiceFilters>) => ({ search, overdue: overdue ? '1' : undefined });

/** A payment link for the invoice's relation, shown in a dialog. */
function usePaymentLink() {
  const { t } = useTranslation(['staff', 'errors']);
  const create = useCreatePaymentLink();
  const [pendingFor, setPendingFor] = useState<number | null>(null);
  const [shown, setShown] = useState<PaymentLinkShown | null>(null);
  async function make(invoice: StaffOpenInvoice) {
    setPendingFor(invoice.relation.drupal_internal__id);
    try {
      setShown({ company: invoice.relation.name, link: await create.mutateAsync(invoice.relation.drupal_internal__id) });
    } catch (error) {
      const message = failureText(error, '', { networkMessage: false });
      if (message === null) return;
      if (error instanceof ApiError && error.code === 'nothing_to_pay') toast.error(t('staff:paymentLink.nothingToPay', { company: invoice.relation.name }));
      else toast.error(message ? t('staff:paymentLink.failed', { message }) : t('errors:generic'));
    } finally {
      setPendingFor(null);
    }
  }
  return { pendingFor, shown, hide: () => setShown(null), make };
}

/** Finance (issue 42, point 1): every customer's open invoices, to follow up and send payment links. */
export default function StaffOpenInvoicesPage() {
  const { t } = useTranslation(['staff-invoices', 'errors']);
  usePageTitle(t('title'));
  const { filters, page, show, showPage } = useListAddress(invoiceFilters, invoiceQuery);
  const { search, overdue } = filters;
  const invoices = useOpenInvoices({ search, overdue, page });
  const link = usePaymentLink();
  const data = invoices.data;
  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <OpenInvoiceFilters key={search} search={search} overdue={overdue} onChange={show} />
      {invoices.isError && <Alert variant="danger">{t('errors:generic')}</Alert>}
      {!data && !invoices.isError && <PageSpinner />}
      {data && data.data.length === 0 && <Alert variant="info">{t('none')}</Alert>}
      {data && data.data.length > 0 && (
        <>
          <p role="status">{t('summary', { count: data.meta.count, total: formatEuro(data.meta.total_outstanding_cents) })}</p>
          <OpenInvoicesTable invoices={data.data} linkPendingFor={link.pendingFor} onPaymentLink={(invoice) => void link.make(invoice)} />
          <Pagination label={t('pager')} page={page} pages={Math.ceil(data.meta.count / OPEN_INVOICES_PER_PAGE)} onPage={showPage} />
        </>
      )}
      <PaymentLinkModal shown={link.shown} onHide={link.hide} />
    </section>
  );
}
