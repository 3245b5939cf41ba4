import { Navigate, Outlet } from 'react-router';

import { PageSpinner } from '../../components/ui/page-spinner';
import { useCurrentUser } from '../../features/auth/api/get-current-user';

/** Guarded pages: anonymous users go to /user/login (spec sections 2 and 6). */
export function RequireUser() {
  const { user, isAnonymous } = useCurrentUser();
  if (user) return <Outlet />;
  if (isAnonymous) return <Navigate to="/user/login" replace />;
  return <PageSpinner />;
}
