import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffCustomerResponse } from '../../../../shared/api/staff-customer';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { SectionCard } from '../../../components/ui/section-card';
import { TableHead } from '../../../components/ui/table-parts';
import { formatDay, formatEuro } from '../../../lib/format';

/** The relation's open invoices and credit notes (negative), with the total outstanding. */
export function OpenInvoices({ invoices, company }: { invoices: StaffCustomerResponse['open_invoices']; company: string }) {
  const { t } = useTranslation('staff-customer');
  const total = invoices.reduce((sum, invoice) => sum + invoice.outstanding_cents, 0);
  return (
    <SectionCard id="customer-invoices" title={t('invoices.title')}>
      {invoices.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('invoices.none')}</p>
      ) : (
        <ScrollRegion label={t('invoices.caption', { company })}>
          <Table size="sm" className="mb-0 align-middle">
            <caption className="visually-hidden">{t('invoices.caption', { company })}</caption>
            <TableHead columns={[t('invoices.number'), t('invoices.date'), t('invoices.order'), { label: t('invoices.outstanding'), className: 'text-end' }]} />
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    {invoice.invoice_number}
                    {invoice.outstanding_cents < 0 && <span className="badge text-bg-info ms-2">{t('invoices.credit')}</span>}
                  </td>
                  <td>{formatDay(invoice.entry_date)}</td>
                  <td>{invoice.order_number ?? '–'}</td>
                  <td className="text-end text-nowrap">{formatEuro(invoice.outstanding_cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('invoices.total')}
                </th>
                <td className="text-end text-nowrap fw-semibold">{formatEuro(total)}</td>
              </tr>
            </tfoot>
          </Table>
        </ScrollRegion>
      )}
    </SectionCard>
  );
}
