import { Navigate, Outlet } from 'react-router';

import type { CachedCurrentUser } from '../../../shared/api/account';
import { defaultContentLanguage } from '../../../shared/lang';
import { useSessionUser } from '../../lib/session';

/** Where a logged-in user lands: the assortment in the language of the active relation (default nl). */
export function homePathFor(user: CachedCurrentUser): string {
  return `/${user.data?.active_relation?.langcode ?? defaultContentLanguage}/assortment`;
}

/** Login-related pages: a logged-in user (from the local cache) is sent to the assortment. */
export function RedirectIfLoggedIn() {
  const user = useSessionUser();
  if (user) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
