import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { UserIcon } from '../../components/ui/icons';
import { MenuButton } from '../../components/ui/menu-button';
import { useLogout } from '../../features/auth/api/logout';
import { useSwitchBack } from '../../features/auth/hooks/use-switch-back';
import { failureText } from '../../lib/api/failure-text';
import { useSessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';

import { useAccountMenuItems } from './use-account-menu-items';

/** The header's account dropdown: the user's name (or 'Guest') and the account menu. */
export function AccountMenu() {
  const { t } = useTranslation(['layout', 'errors']);
  const user = useSessionUser();
  const masquerading = user?.data?.is_masquerading === true;
  const items = useAccountMenuItems({ masquerading });
  const logout = useLogout();
  const switchBack = useSwitchBack();
  const [open, setOpen] = useState(false);

  function onLogout() {
    logout.mutate(undefined, {
      onError: (error) => {
        // a 403 already logged out (spec section 6)
        const text = failureText(error, t('errors:generic'), { clientMessage: 'none', networkMessage: false });
        if (text) toast.error(text);
      },
    });
  }

  return (
    <MenuButton
      id="account-menu-toggle"
      className="account-menu"
      toggleClassName="btn-link header-action"
      menuLabel={t('layout:header.accountMenu')}
      open={open}
      onOpenChange={setOpen}
      toggle={
        <>
          <UserIcon />
          <span className="account-menu-name">{user?.name || t('layout:header.guest')}</span>
        </>
      }
    >
      {items.map((item) => {
        switch (item.kind) {
          case 'link':
            return (
              <li key={item.key}>
                <Link to={item.to} className={`dropdown-item${item.active ? ' active' : ''}`} aria-current={item.active ? 'page' : undefined}>
                  {t(`layout:accountMenu.${item.key}`)}
                </Link>
              </li>
            );
          case 'external':
            return (
              <li key={item.key}>
                <a className="dropdown-item" href={item.href} target="_blank" rel="noopener noreferrer">
                  {t('layout:accountMenu.askQuestion')}
                  <span className="visually-hidden"> {t('layout:accountMenu.opensInNewTab')}</span>
                </a>
              </li>
            );
          case 'action':
            return (
              <li key={item.key}>
                {item.key === 'logout' ? <hr className="dropdown-divider" /> : null}
                <button
                  type="button"
                  className="dropdown-item"
                  onClick={item.key === 'logout' ? onLogout : switchBack}
                  disabled={item.key === 'logout' && logout.isPending}
                >
                  {t(`layout:accountMenu.${item.key}`)}
                </button>
              </li>
            );
        }
      })}
    </MenuButton>
  );
}
