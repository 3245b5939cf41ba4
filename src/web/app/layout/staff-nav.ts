import { useLocation } from 'react-router';

import { staffMayReach } from '../../../shared/api/staff-roles';
import { stripLanguage } from '../../lib/language';
import { useSessionUser } from '../../lib/session';
import { useLocalizedPath } from '../../lib/use-lang';
import { STAFF_PAGES, type StaffNavKey } from '../staff-pages';

export interface StaffNavItem {
  key: StaffNavKey;
  to: string;
  active: boolean;
}

/** The staff menu: the pages with an entry that the user's roles reach, the current one marked. */
export function useStaffNavItems(): StaffNavItem[] {
  const roles = useSessionUser()?.data?.roles ?? [];
  const to = useLocalizedPath();
  const current = stripLanguage(useLocation().pathname);
  return STAFF_PAGES.filter((page) => page.nav && staffMayReach(roles, page.roles)).map((page) => {
    const path = `/staff/${page.path}`;
    return { key: page.nav!, to: to(path), active: current === path || current.startsWith(`${path}/`) };
  });
}
