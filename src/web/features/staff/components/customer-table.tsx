import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { CustomerListItem } from '../../../../shared/api/staff';

interface Props {
  customers: CustomerListItem[];
  /** The customer whose 'Log in as' is under way; every button waits meanwhile. */
  pendingId: number | null;
  onLogInAs: (customer: CustomerListItem) => void;
}

/** Customers with company, name, login name, e-mail and price list, and a 'Log in as' button each. */
export function CustomerTable({ customers, pendingId, onLogInAs }: Props) {
  const { t } = useTranslation('staff');
  return (
    <Table responsive hover className="customer-table align-middle">
      <caption className="visually-hidden">{t('table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.company')}</th>
          <th scope="col">{t('table.name')}</th>
          <th scope="col">{t('table.loginName')}</th>
          <th scope="col">{t('table.email')}</th>
          <th scope="col">{t('table.pricelist')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('table.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {customers.map((customer) => (
          <tr key={customer.id}>
            <td>
              {customer.relation ? (
                <>
                  {customer.relation.name}
                  <div className="small text-body-secondary">{customer.relation.erp_number}</div>
                </>
              ) : (
                <span className="text-body-secondary">{t('table.noRelation')}</span>
              )}
            </td>
            <td>{customer.display_name}</td>
            <td>{customer.name}</td>
            <td className="text-break">{customer.mail}</td>
            <td>{customer.relation?.pricelist ?? '–'}</td>
            <td className="text-end">
              <Button
                size="sm"
                variant="outline-primary"
                className="text-nowrap"
                disabled={pendingId !== null}
                aria-label={t('logInAsName', { name: customer.display_name, login: customer.name })}
                onClick={() => onLogInAs(customer)}
              >
                {pendingId === customer.drupal_internal__uid ? (
                  <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
                ) : null}
                {t('logInAs')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
