import { Chart } from 'react-chartjs-2';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffDashboardResponse } from '../../../../shared/api/staff-dashboard';
import { weekdayOf } from '../../../../shared/delivery-date';
import { TableHead } from '../../../components/ui/table-parts';
import { formatDay } from '../../../lib/format';
import { ChartFigure } from './chart-figure';
import { themeColour } from './chart-setup';

/** Orders to deliver today and on the next six days. */
export function DeliveriesChart({ deliveries }: { deliveries: StaffDashboardResponse['deliveries'] }) {
  const { t } = useTranslation('staff-dashboard');
  const label = (day: string) => `${t(`weekdaysShort.${weekdayOf(day)}`)} ${formatDay(day).slice(0, 5)}`;
  const total = deliveries.reduce((sum, d) => sum + d.orders, 0);
  return (
    <ChartFigure
      id="deliveries"
      title={t('deliveries.title')}
      chart={
        <Chart
          type="bar"
          aria-label={t('deliveries.summary', { count: total })}
          data={{
            labels: deliveries.map((d) => label(d.day)),
            datasets: [{ type: 'bar', label: t('deliveries.orders'), data: deliveries.map((d) => d.orders), backgroundColor: themeColour('primary') }],
          }}
          options={{ maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
        />
      }
      table={
        <Table size="sm" className="mb-0">
          <TableHead columns={[t('deliveries.day'), { label: t('deliveries.orders'), className: 'text-end' }]} />
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.day}>
                <td>{label(d.day)}</td>
                <td className="text-end">{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}
