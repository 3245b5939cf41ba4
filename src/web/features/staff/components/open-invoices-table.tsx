import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffOpenInvoice } from '../../../../shared/api/staff-invoices';
import { BusyButton } from '../../../components/ui/busy-button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-parts';
import { formatDay, formatEuro } from '../../../lib/format';

interface Props {
  invoices: StaffOpenInvoice[];
  /** The relation whose payment link is being made. */
  linkPendingFor: number | null;
  onPaymentLink: (invoice: StaffOpenInvoice) => void;
}

/** Open invoices with their relation, date, age and amount, and a payment link for the relation's open invoices. */
export function OpenInvoicesTable({ invoices, linkPendingFor, onPaymentLink }: Props) {
  const { t } = useTranslation('staff-invoices');
  return (
    <ScrollRegion label={t('caption')}>
      <Table hover className="align-middle">
        <caption className="visually-hidden">{t('caption')}</caption>
        <TableHead
          columns={[
            t('relation'),
            t('invoice'),
            t('date'),
            { label: t('age'), className: 'text-end' },
            { label: t('outstanding'), className: 'text-end' },
            { label: t('actions'), hidden: true },
          ]}
        />
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>
                {invoice.relation.name}
                <div className="small text-body-secondary">{invoice.relation.erp_number}</div>
              </td>
              <td>
                {invoice.invoice_number}
                {invoice.order_number && <div className="small text-body-secondary">{invoice.order_number}</div>}
              </td>
              <td className="text-nowrap">{formatDay(invoice.entry_date)}</td>
              <td className="text-end text-nowrap">
                {t('days', { count: invoice.age_days })}
                {invoice.overdue && (
                  <Badge bg="danger" className="ms-2">
                    {t('overdueBadge')}
                  </Badge>
                )}
              </td>
              <td className="text-end text-nowrap">
                {formatEuro(invoice.outstanding_cents)}
                {invoice.outstanding_cents < 0 && <div className="small text-body-secondary">{t('credit')}</div>}
              </td>
              <td className="text-end">
                <BusyButton
                  size="sm"
                  variant="outline-secondary"
                  className="text-nowrap"
                  busy={linkPendingFor === invoice.relation.drupal_internal__id}
                  disabled={linkPendingFor !== null}
                  aria-label={t('paymentLinkFor', { company: invoice.relation.name })}
                  onClick={() => onPaymentLink(invoice)}
                >
                  {t('paymentLink')}
                </BusyButton>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
