import { Button } from '../../../components/ui/button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { CustomerListItem } from '../../../../shared/api/staff';
import { TableHead } from '../../../components/ui/table-parts';
import { useLocalizedPath } from '../../../lib/use-lang';

interface Props {
  customers: CustomerListItem[];
  /** The customer whose 'Log in as' is under way; every button waits meanwhile. */
  pendingId: number | null;
  onLogInAs: (customer: CustomerListItem) => void;
  /** The customer whose payment link is being made; the payment link buttons wait meanwhile. */
  linkPendingId?: number | null;
  /** Offered for customers with a relation: makes a payment link for the relation's open invoices. */
  onPaymentLink?: (customer: CustomerListItem) => void;
}

/** A spinner before a button's text while its action is under way. */
function Pending({ shown }: { shown: boolean }) {
  return shown ? <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" /> : null;
}

/** The company (a link to its customer page) and its ERP number, or 'no relation'. */
function CompanyCell({ relation }: { relation: CustomerListItem['relation'] }) {
  const { t } = useTranslation('staff');
  const to = useLocalizedPath();
  return (
    <td>
      {relation ? (
        <>
          <Link to={to(`/staff/customers/${relation.id}`)}>{relation.name}</Link>
          <div className="small text-body-secondary">{relation.erp_number}</div>
        </>
      ) : (
        <span className="text-body-secondary">{t('table.noRelation')}</span>
      )}
    </td>
  );
}

type ActionsProps = Omit<Props, 'customers' | 'linkPendingId'> & { customer: CustomerListItem; linkPendingId: number | null };

/** 'Payment link' (for a customer with a relation, when offered) and 'Log in as'. */
function CustomerActions({ customer, pendingId, onLogInAs, linkPendingId, onPaymentLink }: ActionsProps) {
  const { t } = useTranslation('staff');
  return (
    <td className="text-end text-nowrap">
      {onPaymentLink && customer.relation ? (
        <Button
          size="sm"
          variant="outline-secondary"
          className="text-nowrap me-2"
          disabled={pendingId !== null || linkPendingId !== null}
          aria-label={t('paymentLink.buttonFor', { company: customer.relation.name, login: customer.name })}
          onClick={() => onPaymentLink(customer)}
        >
          <Pending shown={linkPendingId === customer.drupal_internal__uid} />
          {t('paymentLink.button')}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline-primary"
        className="text-nowrap"
        disabled={pendingId !== null}
        aria-label={t('logInAsName', { name: customer.display_name, login: customer.name })}
        onClick={() => onLogInAs(customer)}
      >
        <Pending shown={pendingId === customer.drupal_internal__uid} />
        {t('logInAs')}
      </Button>
    </td>
  );
}

/**
 * Customers with company, name, login name, e-mail and price list, a 'Log in as' button each
 * and, for a customer with a relation, a 'Payment link' button.
 */
export function CustomerTable({ customers, pendingId, onLogInAs, linkPendingId = null, onPaymentLink }: Props) {
  const { t } = useTranslation('staff');
  return (
    <ScrollRegion label={t('table.caption')}>
      <Table hover className="customer-table align-middle">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <TableHead
          columns={[t('table.company'), t('table.name'), t('table.loginName'), t('table.email'), t('table.pricelist'), { label: t('table.actions'), hidden: true }]}
        />
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id}>
              <CompanyCell relation={customer.relation} />
              <td>{customer.display_name}</td>
              <td>{customer.name}</td>
              <td className="text-break">{customer.mail}</td>
              <td>{customer.relation?.pricelist ?? '–'}</td>
              <CustomerActions customer={customer} pendingId={pendingId} onLogInAs={onLogInAs} linkPendingId={linkPendingId} onPaymentLink={onPaymentLink} />
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
