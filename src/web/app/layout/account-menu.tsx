import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { UserIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth/api/logout';
import { useSwitchBack } from '../../features/auth/hooks/use-switch-back';
import { ApiError } from '../../lib/api-client';
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
  // Controlled, so that following one of the plain links below closes the menu too.
  const [open, setOpen] = useState(false);

  function onLogout() {
    logout.mutate(undefined, {
      onError: (error) => {
        // a 403 already logged out (spec section 6)
        if (!(error instanceof ApiError && error.status === 403)) toast.error(t('errors:generic'));
      },
    });
  }

  return (
    <Dropdown align="end" className="account-menu" show={open} onToggle={(next) => setOpen(next)}>
      <Dropdown.Toggle variant="link" className="header-action" id="account-menu-toggle">
        <UserIcon />
        <span className="account-menu-name">{user?.name || t('layout:header.guest')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu as="ul" className="shadow" aria-label={t('layout:header.accountMenu')}>
        {items.map((item) => {
          switch (item.kind) {
            case 'link':
              return (
                <li key={item.key}>
                  {/* A plain link: Dropdown.Item would add aria-selected, which a link may not carry. */}
                  <Link
                    to={item.to}
                    className={`dropdown-item${item.active ? ' active' : ''}`}
                    data-rr-ui-dropdown-item=""
                    aria-current={item.active ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    {t(`layout:accountMenu.${item.key}`)}
                  </Link>
                </li>
              );
            case 'external':
              return (
                <li key={item.key}>
                  <Dropdown.Item href={item.href} target="_blank" rel="noopener noreferrer">
                    {t('layout:accountMenu.askQuestion')}
                    <span className="visually-hidden"> {t('layout:accountMenu.opensInNewTab')}</span>
                  </Dropdown.Item>
                </li>
              );
            case 'action':
              return (
                <li key={item.key}>
                  {item.key === 'logout' ? <Dropdown.Divider /> : null}
                  <Dropdown.Item
                    as="button"
                    type="button"
                    onClick={item.key === 'logout' ? onLogout : switchBack}
                    disabled={item.key === 'logout' && logout.isPending}
                  >
                    {t(`layout:accountMenu.${item.key}`)}
                  </Dropdown.Item>
                </li>
              );
          }
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
