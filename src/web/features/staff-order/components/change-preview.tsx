import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffOrderChangePreview, StaffOrderLineChange } from '../../../../shared/api/staff-order';
import { Alert } from '../../../components/ui/alert';
import { formatDay, formatEuro } from '../../../lib/format';

function ChangeText({ change }: { change: StaffOrderLineChange }) {
  const { t } = useTranslation('staff-order');
  const title = `${change.title ?? ''} (${change.sku ?? ''})`;
  return <>{t(`edit.change.${change.kind}`, { title, before: change.quantity_before, after: change.quantity_after })}</>;
}

/** The totals before and after, and the difference. */
function TotalsBeforeAfter({ preview }: { preview: StaffOrderChangePreview }) {
  const { t } = useTranslation('staff-order');
  const { before, after } = preview;
  const rows: Array<[string, number, number]> = [
    [t('totals.subtotal'), before.totals.subtotal_cents, after.totals.subtotal_cents],
    [t('totals.total'), before.totals.total_cents, after.totals.total_cents],
  ];
  return (
    <div className="table-responsive">
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <td />
            <th scope="col" className="text-end">
              {t('edit.before')}
            </th>
            <th scope="col" className="text-end">
              {t('edit.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, was, is]) => (
            <tr key={label}>
              <th scope="row" className="fw-normal">
                {label}
              </th>
              <td className="text-end text-nowrap">{formatEuro(was)}</td>
              <td className="text-end text-nowrap">{formatEuro(is)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('edit.difference')}</th>
            <td />
            <td className="text-end text-nowrap fw-bold" data-testid="change-difference">
              {preview.difference_cents > 0 ? '+' : ''}
              {formatEuro(preview.difference_cents)}
            </td>
          </tr>
        </tbody>
      </Table>
    </div>
  );
}

/** What a change does: per line, the date, and the totals before and after with the difference. */
export function ChangePreview({ preview }: { preview: StaffOrderChangePreview }) {
  const { t } = useTranslation('staff-order');
  const { before, after } = preview;
  return (
    <section aria-labelledby="change-preview-title" className="border rounded p-3 mb-3" data-testid="change-preview">
      <h3 id="change-preview-title" className="h6">
        {t('edit.previewTitle')}
      </h3>
      <ul className="mb-3">
        {preview.changes.map((change) => (
          <li key={`${change.kind}-${change.variation_id ?? change.sku}`}>
            <ChangeText change={change} />
          </li>
        ))}
        {preview.date_changed && <li>{t('edit.dateChange', { before: formatDay(before.delivery_date), after: formatDay(after.delivery_date) })}</li>}
      </ul>
      <TotalsBeforeAfter preview={preview} />
      {preview.finance_check && (
        <Alert variant="warning" className="mt-3 mb-0">
          {t('edit.financeCheck')}
        </Alert>
      )}
    </section>
  );
}
