import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';

import { type StaffRole, staffMayReach } from '../../../shared/api/staff-roles';
import { Alert } from '../../components/ui/alert';
import { useSessionUser } from '../../lib/session';
import { useLocalizedPath } from '../../lib/use-lang';
import { useStaffNavItems } from '../layout/staff-nav';

/** A staff page for some roles: another staff user is told their role does not reach it (the server refuses its calls too). */
export function StaffRoleGate({ roles }: { roles: readonly StaffRole[] }) {
  const { t } = useTranslation('staff-layout');
  const to = useLocalizedPath();
  const userRoles = useSessionUser()?.data?.roles ?? [];
  if (staffMayReach(userRoles, roles)) return <Outlet />;
  return (
    <Alert variant="warning">
      {t('noAccess')} <Link to={to('/staff')}>{t('toStart')}</Link>
    </Alert>
  );
}

/** /staff: the first page of the menu the user's roles reach. */
export function StaffHome() {
  const { t } = useTranslation('staff-layout');
  const [first] = useStaffNavItems();
  if (first) return <Navigate to={first.to} replace />;
  return <Alert variant="warning">{t('noRole')}</Alert>;
}

/** An old address of a staff page (under /account), kept working: the same query on the new page. */
export function MovedToStaff({ path }: { path: string }) {
  const to = useLocalizedPath();
  return <Navigate to={{ pathname: to(path), search: window.location.search }} replace />;
}
