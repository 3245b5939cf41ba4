import '../../../features/staff-dashboard/components/chart-setup';

import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { SectionCard } from '../../../components/ui/section-card';
import { useDashboard } from '../../../features/staff-dashboard/api/get-dashboard';
import { DeliveriesChart } from '../../../features/staff-dashboard/components/deliveries-chart';
import { OverdueCustomers } from '../../../features/staff-dashboard/components/overdue-customers';
import { TopProducts } from '../../../features/staff-dashboard/components/top-products';
import { WaitingCounts } from '../../../features/staff-dashboard/components/waiting-counts';
import { WeeklyChart } from '../../../features/staff-dashboard/components/weekly-chart';
import { formatDay } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The staff dashboard (issue 42, point 9): orders and turnover per week, the coming deliveries,
 * this month's top products, what waits for staff, and customers overdue by their own rhythm.
 */
export default function StaffDashboardPage() {
  const { t } = useTranslation(['staff-dashboard', 'errors']);
  usePageTitle(t('title'));
  const dashboard = useDashboard();
  const roles = useSessionUser()?.data?.roles ?? [];
  if (dashboard.isError) return <Alert variant="danger">{t('errors:generic')}</Alert>;
  if (!dashboard.data) return <PageSpinner />;
  const data = dashboard.data;
  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <p className="text-body-secondary">{t('asOf', { day: formatDay(data.today) })}</p>
      <div className="row g-4">
        <div className="col-xl-8">
          <SectionCard id="dashboard-weekly" title={t('weekly.title')} titleClassName="visually-hidden">
            <WeeklyChart weeks={data.weeks} />
          </SectionCard>
        </div>
        <div className="col-xl-4">
          <SectionCard id="dashboard-waiting" title={t('waiting.title')} className="mb-4">
            <WaitingCounts openPriceRequests={data.open_price_requests} paymentsToCheck={data.payments_to_check} userRoles={roles} />
          </SectionCard>
        </div>
        <div className="col-xl-6">
          <SectionCard id="dashboard-deliveries" title={t('deliveries.title')} titleClassName="visually-hidden">
            <DeliveriesChart deliveries={data.deliveries} />
          </SectionCard>
        </div>
        <div className="col-xl-6">
          <SectionCard id="dashboard-overdue" title={t('overdue.title')}>
            <p className="small text-body-secondary">{t('overdue.intro')}</p>
            <OverdueCustomers customers={data.overdue_customers} />
          </SectionCard>
        </div>
        <div className="col-12">
          <SectionCard id="dashboard-top-products" title={t('topProducts.title')}>
            <TopProducts products={data.top_products} />
          </SectionCard>
        </div>
      </div>
    </section>
  );
}
