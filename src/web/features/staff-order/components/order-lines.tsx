import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffOrderLine, StaffOrderTotals } from '../../../../shared/api/staff-order';
import { formatEuro } from '../../../lib/format';

/** The totals under a lines table: subtotal, shipping, VAT per rate, deposits, total. */
export function TotalsRows({ totals, columns }: { totals: StaffOrderTotals; columns: number }) {
  const { t } = useTranslation('staff-order');
  const row = (label: string, cents: number, strong = false) => (
    <tr key={label}>
      <th scope="row" colSpan={columns - 1} className={`text-end ${strong ? '' : 'fw-normal'}`}>
        {label}
      </th>
      <td className={`text-end text-nowrap ${strong ? 'fw-bold' : ''}`}>{formatEuro(cents)}</td>
    </tr>
  );
  return (
    <>
      {row(t('totals.subtotal'), totals.subtotal_cents)}
      {totals.shipping_cents !== null && row(t('totals.shipping'), totals.shipping_cents)}
      {totals.vat.map((vat) => row(vat.label, vat.amount_cents))}
      {totals.deposits.map((deposit) => row(deposit.label, deposit.amount_cents))}
      {row(t('totals.total'), totals.total_cents, true)}
    </>
  );
}

/** The order's lines as placed (or as last changed), with its totals. */
export function OrderLines({ lines, totals }: { lines: readonly StaffOrderLine[]; totals: StaffOrderTotals }) {
  const { t } = useTranslation('staff-order');
  return (
    <div className="table-responsive mb-3">
      <Table className="align-middle" data-testid="order-lines">
        <caption className="caption-top">{t('lines.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lines.article')}</th>
            <th scope="col">{t('lines.sku')}</th>
            <th scope="col" className="text-end">
              {t('lines.quantity')}
            </th>
            <th scope="col">{t('lines.unit')}</th>
            <th scope="col" className="text-end">
              {t('lines.unitPrice')}
            </th>
            <th scope="col" className="text-end">
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
              <td>{line.sales_unit}</td>
              <td className="text-end text-nowrap">{formatEuro(line.unit_price_cents)}</td>
              <td className="text-end text-nowrap">{line.tax_rate / 100}%</td>
              <td className="text-end text-nowrap">{formatEuro(line.total_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <TotalsRows totals={totals} columns={7} />
        </tfoot>
      </Table>
    </div>
  );
}
