import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import type { CustomerListItem } from '../../../../shared/api/staff';
import { CUSTOMERS_PER_PAGE } from '../../../../shared/api/staff';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { useCreatePaymentLink } from '../../../features/staff/api/create-payment-link';
import { useCustomers } from '../../../features/staff/api/get-customers';
import { useLogInAs } from './use-log-in-as';
import { CustomerSearchForm } from '../../../features/staff/components/customer-search-form';
import { CustomerTable } from '../../../features/staff/components/customer-table';
import { PaymentLinkModal, type PaymentLinkShown } from '../../../features/staff/components/payment-link-modal';
import { UndeliveredMails } from '../../../features/staff/components/undelivered-mails';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/api/failure-text';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';

/** The search in the address (and the page; a new search starts at page 1). */
const customerFilters = (search: URLSearchParams) => ({ search: search.get('search') ?? '' });

/** A payment link for the customer's relation, shown in a dialog; a 4xx (nothing to pay) is an error toast. */
function usePaymentLinkFor() {
  const { t } = useTranslation(['staff', 'errors']);
  const createPaymentLink = useCreatePaymentLink();
  const [linkFor, setLinkFor] = useState<number | null>(null);
  const [paymentLink, setPaymentLink] = useState<PaymentLinkShown | null>(null);

  async function makePaymentLink(customer: CustomerListItem) {
    const relation = customer.relation;
    if (!relation) return;
    setLinkFor(customer.drupal_internal__uid);
    try {
      const link = await createPaymentLink.mutateAsync(relation.drupal_internal__id);
      setPaymentLink({ company: relation.name, link });
    } catch (error) {
      // a 403 has logged out already (spec section 6); a 4xx says why in the failure's text
      const message = failureText(error, '', { networkMessage: false });
      if (message === null) return;
      if (error instanceof ApiError && error.code === 'nothing_to_pay') toast.error(t('staff:paymentLink.nothingToPay', { company: relation.name }));
      else toast.error(message ? t('staff:paymentLink.failed', { message }) : t('errors:generic'));
    } finally {
      setLinkFor(null);
    }
  }

  return { linkFor, paymentLink, hidePaymentLink: () => setPaymentLink(null), makePaymentLink };
}

interface CustomerResultsProps {
  customers: ReturnType<typeof useCustomers>;
  page: number;
  onPage: (page: number) => void;
  pendingId: number | null;
  onLogInAs: (customer: CustomerListItem) => void;
  linkPendingId: number | null;
  onPaymentLink: (customer: CustomerListItem) => void;
}

/** The customers found: an error, a spinner, 'none found', or their count, table and pages. */
function CustomerResults({ customers, page, onPage, ...table }: CustomerResultsProps) {
  const { t } = useTranslation(['staff', 'errors']);
  const data = customers.data;
  if (customers.isError) return <Alert variant="danger">{t('errors:generic')}</Alert>;
  if (!data) return <PageSpinner />;
  if (data.data.length === 0) return <Alert variant="warning">{t('staff:empty')}</Alert>;
  const pages = Math.max(1, Math.ceil(data.meta.count / CUSTOMERS_PER_PAGE));
  return (
    <>
      <p className="mb-2" role="status">
        {t('staff:count', { count: data.meta.count })}
      </p>
      <CustomerTable customers={data.data} {...table} />
      <Pagination label={t('pager')} page={page} pages={pages} onPage={onPage} />
    </>
  );
}

/**
 * Staff pick a customer and log in as them (issue 3, point 10). Only for staff who are not
 * masquerading: anyone else is sent to their account page, since a customer's call to the
 * staff API would answer 403 and log them out.
 */
export default function CustomersPage() {
  const { t } = useTranslation(['staff', 'errors']);
  usePageTitle(t('staff:title'));
  const user = useSessionUser();
  const to = useLocalizedPath();
  const { filters, page, show, showPage } = useListAddress(customerFilters);
  const { search } = filters;
  const isStaff = user?.data?.roles.includes('staff') === true && user.data.is_masquerading !== true;
  const { leavingFor, logInAs } = useLogInAs();
  const customers = useCustomers({ search, page }, { enabled: isStaff && leavingFor === null });
  const { linkFor, paymentLink, hidePaymentLink, makePaymentLink } = usePaymentLinkFor();

  if (!isStaff && leavingFor === null) return <Navigate to={to('/account')} replace />;
  const staying = isStaff && leavingFor === null;

  return (
    <section>
      <h1 className="page-title">{t('staff:title')}</h1>
      <p className="text-body-secondary">{t('staff:intro')}</p>
      <UndeliveredMails enabled={staying} />
      <CustomerSearchForm key={search} initial={search} onSearch={(next) => show({ search: next })} />
      <CustomerResults
        customers={customers}
        page={page}
        onPage={showPage}
        pendingId={leavingFor}
        onLogInAs={(customer) => void logInAs(customer.drupal_internal__uid)}
        linkPendingId={linkFor}
        onPaymentLink={(customer) => void makePaymentLink(customer)}
      />
      <PaymentLinkModal shown={paymentLink} onHide={hidePaymentLink} />
    </section>
  );
}
