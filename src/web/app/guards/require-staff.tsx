import { Navigate, Outlet } from 'react-router';

import { useSessionUser } from '../../lib/session';
import { useLocalizedPath } from '../../lib/use-lang';

/**
 * The staff area: staff users who are not masquerading (a masquerade's session is the
 * customer's). Anyone else goes to their account page; the server refuses their calls anyway.
 */
export function RequireStaff() {
  const user = useSessionUser();
  const to = useLocalizedPath();
  const data = user?.data;
  if (!data) return null;
  if (!data.roles.includes('staff') || data.is_masquerading === true) return <Navigate to={to('/account')} replace />;
  return <Outlet />;
}
