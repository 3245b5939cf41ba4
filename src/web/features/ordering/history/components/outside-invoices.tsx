import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../../components/ui/alert';
import type { CashInvoice } from '../../../../../shared/api/orders';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { SectionCard } from '../../../../components/ui/section-card';
import { TableHead } from '../../../../components/ui/table-parts';
import { invoicesOutsideWebshop, isCredit } from '../api/get-open-invoices';

import { formatDay, formatEuros } from '../../../../lib/format';
import { InvoicePayAction } from './invoice-pay-action';

interface Props {
  /** The relation's open invoices; undefined while they load (or for a user without a relation: none). */
  invoices: readonly CashInvoice[] | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * 'Orders outside the webshop' (spec section 2): the open invoices without a webshop order, with
 * entry date, invoice number, cash order number, outstanding amount and 'Pay now' or 'Credit'.
 */
export function OutsideInvoices({ invoices, loading, failed }: Props) {
  const { t } = useTranslation(['orders', 'errors']);
  const rows = invoicesOutsideWebshop(invoices ?? []);
  let body;
  if (failed) body = <Alert variant="danger" className="mb-0">{t('errors:generic')}</Alert>;
  else if (loading) body = <PageSpinner />;
  else if (rows.length === 0) body = <p className="mb-0 text-body-secondary">{t('orders:outside.empty')}</p>;
  else {
    body = (
      <Table responsive className="orders-table align-middle mb-0">
        <TableHead
          columns={[
            t('orders:outside.entryDate'),
            t('orders:outside.invoiceNumber'),
            t('orders:outside.cashOrderNumber'),
            { label: t('orders:outside.outstanding'), className: 'text-end' },
            { label: t('orders:outside.payment'), className: 'text-end', hidden: true },
          ]}
        />
        <tbody>
          {rows.map((invoice) => (
            <tr key={invoice.id} data-invoice={invoice.invoiceNumber} data-credit={isCredit(invoice) || undefined}>
              <td className="text-nowrap">{formatDay(invoice.entryDate)}</td>
              <td>{invoice.invoiceNumber}</td>
              <td>{invoice.cashOrderId}</td>
              <td className={`text-end text-nowrap${isCredit(invoice) ? ' text-success' : ''}`}>{formatEuros(invoice.outstandingAmount)}</td>
              <td className="text-end">
                <InvoicePayAction invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <SectionCard id="orders-outside-title" title={t('orders:outside.title')} className="mt-3">
      {body}
    </SectionCard>
  );
}
