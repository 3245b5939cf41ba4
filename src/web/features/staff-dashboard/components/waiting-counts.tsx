import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { type StaffRole, staffMayReach } from '../../../../shared/api/staff-roles';
import { useLocalizedPath } from '../../../lib/use-lang';

interface Count {
  key: 'priceRequests' | 'payments';
  count: number;
  path: string;
  roles: readonly StaffRole[];
}

/** What waits for staff: open price requests and payments to check, each a link for those whose role reaches it. */
export function WaitingCounts({ openPriceRequests, paymentsToCheck, userRoles }: { openPriceRequests: number; paymentsToCheck: number; userRoles: readonly string[] }) {
  const { t } = useTranslation('staff-dashboard');
  const to = useLocalizedPath();
  const counts: Count[] = [
    { key: 'priceRequests', count: openPriceRequests, path: '/staff/price-requests', roles: ['order_desk'] },
    { key: 'payments', count: paymentsToCheck, path: '/staff/payments', roles: ['finance'] },
  ];
  return (
    <div className="row g-3">
      {counts.map(({ key, count, path, roles }) => (
        <div key={key} className="col-6 col-xl-12">
          <Card className="h-100 text-center">
            <Card.Body>
              <div className="display-6 fw-semibold">{count}</div>
              {staffMayReach(userRoles, roles) ? <Link to={to(path)}>{t(`waiting.${key}`)}</Link> : <span>{t(`waiting.${key}`)}</span>}
            </Card.Body>
          </Card>
        </div>
      ))}
    </div>
  );
}
