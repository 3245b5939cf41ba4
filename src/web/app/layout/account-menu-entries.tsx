import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LOGOUT_MUTATION_KEY, useLogout } from '../../features/auth/api/logout';
import { useSwitchBack } from '../../features/auth/hooks/use-switch-back';
import { failureText } from '../../lib/api/failure-text';
import { toast } from '../../lib/toast';

import { type AccountMenuItem, useAccountMenuItems } from './use-account-menu-items';

type LinkItem = Extract<AccountMenuItem, { kind: 'link' }>;
type ExternalItem = Extract<AccountMenuItem, { kind: 'external' }>;

function AccountMenuLink({ item }: { item: LinkItem }) {
  const { t } = useTranslation('layout');
  return (
    <li>
      <Link to={item.to} className={`dropdown-item${item.active ? ' active' : ''}`} aria-current={item.active ? 'page' : undefined}>
        {t(`accountMenu.${item.key}`)}
      </Link>
    </li>
  );
}

function AccountMenuExternal({ item }: { item: ExternalItem }) {
  const { t } = useTranslation('layout');
  return (
    <li>
      <a className="dropdown-item" href={item.href} target="_blank" rel="noopener noreferrer">
        {t('accountMenu.askQuestion')}
        <span className="visually-hidden"> {t('accountMenu.opensInNewTab')}</span>
      </a>
    </li>
  );
}

function LogoutEntry() {
  const { t } = useTranslation(['layout', 'errors']);
  const logout = useLogout();
  // the menu closes on the click, so a logout under way outlives this entry
  const pending = useIsMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0;

  function onLogout() {
    void logout.mutateAsync().catch((error: unknown) => {
      // a 403 already logged out (spec section 6)
      const text = failureText(error, t('errors:generic'), { clientMessage: 'none', networkMessage: false });
      if (text) toast.error(text);
    });
  }

  return (
    <li>
      <hr className="dropdown-divider" />
      <button type="button" className="dropdown-item" onClick={onLogout} disabled={pending}>
        {t('layout:accountMenu.logout')}
      </button>
    </li>
  );
}

function SwitchBackEntry() {
  const { t } = useTranslation('layout');
  const switchBack = useSwitchBack();
  return (
    <li>
      <button type="button" className="dropdown-item" onClick={switchBack}>
        {t('accountMenu.backToOwnAccount')}
      </button>
    </li>
  );
}

/**
 * The account menu's entries. They exist only while the menu is open, so their code (and the
 * logout and switch-back calls) loads when the customer reaches for the menu, not with the page
 * (decision 012).
 */
export function AccountMenuEntries({ masquerading }: { masquerading: boolean }) {
  const items = useAccountMenuItems({ masquerading });
  return items.map((item) => {
    switch (item.kind) {
      case 'link':
        return <AccountMenuLink key={item.key} item={item} />;
      case 'external':
        return <AccountMenuExternal key={item.key} item={item} />;
      case 'action':
        return item.key === 'logout' ? <LogoutEntry key={item.key} /> : <SwitchBackEntry key={item.key} />;
    }
  });
}
