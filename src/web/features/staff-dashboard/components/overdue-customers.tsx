import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { StaffDashboardResponse } from '../../../../shared/api/staff-dashboard';
import { formatDay } from '../../../lib/format';
import { useLocalizedPath } from '../../../lib/use-lang';

/** Customers who by their own rhythm would have ordered by now: a nudge for the order desk to call. */
export function OverdueCustomers({ customers }: { customers: StaffDashboardResponse['overdue_customers'] }) {
  const { t } = useTranslation('staff-dashboard');
  const to = useLocalizedPath();
  if (customers.length === 0) return <p className="text-body-secondary mb-0">{t('overdue.none')}</p>;
  return (
    <ul className="list-group list-group-flush">
      {customers.map((customer) => (
        <li key={customer.relation.id} className="list-group-item px-0">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <Link to={to(`/staff/customers/${customer.relation.id}`)}>{customer.relation.name}</Link>
            <span className="badge text-bg-warning align-self-center">{t('overdue.late', { count: customer.days_overdue })}</span>
          </div>
          <div className="small text-body-secondary">
            {t('overdue.rhythm', { count: customer.interval_days, weekday: t(`weekdays.${customer.weekday}`) })} · {t('overdue.last', { day: formatDay(customer.last_order_day) })}
          </div>
        </li>
      ))}
    </ul>
  );
}
