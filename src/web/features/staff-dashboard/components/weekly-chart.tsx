import { Chart } from 'react-chartjs-2';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffDashboardResponse } from '../../../../shared/api/staff-dashboard';
import { TableHead } from '../../../components/ui/table-parts';
import { formatDay, formatEuro, formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { ChartFigure } from './chart-figure';
import { themeColour } from './chart-setup';

/** Orders (bars, left axis) and turnover excluding VAT (line, right axis) per week, the last 12 weeks. */
export function WeeklyChart({ weeks }: { weeks: StaffDashboardResponse['weeks'] }) {
  const { t } = useTranslation('staff-dashboard');
  const lang = useLang();
  const labels = weeks.map((w) => formatDay(w.week).slice(0, 5));
  const totalOrders = weeks.reduce((sum, w) => sum + w.orders, 0);
  const totalCents = weeks.reduce((sum, w) => sum + w.turnover_cents, 0);
  return (
    <ChartFigure
      id="weekly"
      title={t('weekly.title')}
      chart={
        <Chart
          type="bar"
          aria-label={t('weekly.summary', { orders: formatNumber(totalOrders, lang), turnover: formatEuro(totalCents), weeks: weeks.length })}
          data={{
            labels,
            datasets: [
              { type: 'bar', label: t('weekly.orders'), data: weeks.map((w) => w.orders), backgroundColor: themeColour('secondary'), yAxisID: 'orders' },
              {
                type: 'line',
                label: t('weekly.turnover'),
                data: weeks.map((w) => w.turnover_cents / 100),
                borderColor: themeColour('primary'),
                backgroundColor: themeColour('primary'),
                yAxisID: 'turnover',
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            scales: {
              orders: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: t('weekly.orders') } },
              turnover: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: t('weekly.turnoverAxis') } },
            },
          }}
        />
      }
      table={
        <Table size="sm" className="mb-0">
          <TableHead columns={[t('weekly.week'), { label: t('weekly.orders'), className: 'text-end' }, { label: t('weekly.turnover'), className: 'text-end' }]} />
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <td>{t('weekly.weekOf', { day: formatDay(w.week) })}</td>
                <td className="text-end">{w.orders}</td>
                <td className="text-end text-nowrap">{formatEuro(w.turnover_cents)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}
