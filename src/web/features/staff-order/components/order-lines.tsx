import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffOrderLine, StaffOrderTotals } from '../../../../shared/api/staff-order';
import { formatEuro } from '../../../lib/format';

/** The totals under the lines: subtotal, shipping, VAT per rate, deposits, total (beside the table, so a phone sees them without scrolling it). */
export function OrderTotals({ totals }: { totals: StaffOrderTotals }) {
  const { t } = useTranslation('staff-order');
  const rows: Array<[string, number]> = [
    [t('totals.subtotal'), totals.subtotal_cents],
    ...(totals.shipping_cents === null ? [] : [[t('totals.shipping'), totals.shipping_cents] as [string, number]]),
    ...totals.vat.map((vat): [string, number] => [vat.label, vat.amount_cents]),
    ...totals.deposits.map((deposit): [string, number] => [deposit.label, deposit.amount_cents]),
  ];
  return (
    <dl className="ms-auto mb-3" style={{ maxWidth: '24rem' }} data-testid="order-totals">
      {rows.map(([label, cents]) => (
        <div key={label} className="d-flex justify-content-between gap-3 border-bottom py-1">
          <dt className="fw-normal">{label}</dt>
          <dd className="mb-0 text-nowrap">{formatEuro(cents)}</dd>
        </div>
      ))}
      <div className="d-flex justify-content-between gap-3 py-1 fw-bold">
        <dt>{t('totals.total')}</dt>
        <dd className="mb-0 text-nowrap">{formatEuro(totals.total_cents)}</dd>
      </div>
    </dl>
  );
}

/** The order's lines as placed (or as last changed), with its totals. */
export function OrderLines({ lines, totals }: { lines: readonly StaffOrderLine[]; totals: StaffOrderTotals }) {
  const { t } = useTranslation('staff-order');
  return (
    <>
    <div className="table-responsive mb-2">
      <Table className="align-middle" data-testid="order-lines">
        <caption className="caption-top">{t('lines.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lines.article')}</th>
            <th scope="col">{t('lines.sku')}</th>
            <th scope="col" className="text-end">
              {t('lines.quantity')}
            </th>
            <th scope="col" className="d-none d-md-table-cell">
              {t('lines.unit')}
            </th>
            <th scope="col" className="text-end">
              {t('lines.unitPrice')}
            </th>
            <th scope="col" className="text-end d-none d-md-table-cell">
              {t('lines.vat')}
            </th>
            <th scope="col" className="text-end">
              {t('lines.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.item_id}>
              <td>{line.title}</td>
              <td className="text-nowrap">{line.sku}</td>
              <td className="text-end">{line.quantity}</td>
              <td className="d-none d-md-table-cell">{line.sales_unit}</td>
              <td className="text-end text-nowrap">{formatEuro(line.unit_price_cents)}</td>
              <td className="text-end text-nowrap d-none d-md-table-cell">{line.tax_rate / 100}%</td>
              <td className="text-end text-nowrap">{formatEuro(line.total_cents)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
    <OrderTotals totals={totals} />
    </>
  );
}
