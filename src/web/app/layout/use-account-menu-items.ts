import { useLocation } from 'react-router';

import { getConfig } from '../../lib/config';
import { stripLanguage } from '../../lib/language';
import { useSessionUser } from '../../lib/session';
import { useLocalizedPath } from '../../lib/use-lang';

export type AccountMenuItem =
  | { key: 'orders' | 'orderList' | 'quickOrder' | 'usualProducts' | 'myAccount' | 'staffArea'; kind: 'link'; to: string; active: boolean }
  | { key: 'askQuestion'; kind: 'external'; href: string }
  | { key: 'logout' | 'backToOwnAccount'; kind: 'action' };

const links = [
  { key: 'orders', path: '/account/orders', prefix: true },
  { key: 'orderList', path: '/assortment/order-list', prefix: false },
  { key: 'quickOrder', path: '/quick-order', prefix: false },
  { key: 'usualProducts', path: '/usual-products', prefix: false },
  { key: 'myAccount', path: '/account', prefix: false },
] as const;


export function isActivePath(current: string, path: string, prefix: boolean): boolean {
  return current === path || current === `${path}/` || (prefix && current.startsWith(`${path}/`));
}

/**
 * The account menu of spec section 2, with the item of the current path marked active; staff
 * (not while masquerading) also get the staff area (issue 42).
 */
export function useAccountMenuItems({ masquerading }: { masquerading: boolean }): AccountMenuItem[] {
  const to = useLocalizedPath();
  const current = stripLanguage(useLocation().pathname);
  const staff = useSessionUser()?.data?.roles.includes('staff') === true && !masquerading;
  const items: AccountMenuItem[] = links.map((link) => ({
    key: link.key,
    kind: 'link',
    to: to(link.path),
    active: isActivePath(current, link.path, link.prefix),
  }));
  if (staff) items.push({ key: 'staffArea', kind: 'link', to: to('/staff'), active: isActivePath(current, '/staff', true) });
  items.push({ key: 'askQuestion', kind: 'external', href: getConfig().contactUrl });
  items.push({ key: 'logout', kind: 'action' });
  if (masquerading) items.push({ key: 'backToOwnAccount', kind: 'action' });
  return items;
}
