import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { UserIcon } from '../../components/ui/icons';
import { MenuButton } from '../../components/ui/menu-button';
import { useSessionUser } from '../../lib/session';

import type { AccountMenuEntries } from './account-menu-entries';

const TOGGLE_ID = 'account-menu-toggle';

let Entries: typeof AccountMenuEntries | undefined;
let loading: Promise<void> | undefined;

/** The entries' code, fetched once; a failed fetch is tried again on the next approach. */
function loadEntries(): Promise<void> {
  loading ??= import('./account-menu-entries').then(
    (module) => {
      Entries = module.AccountMenuEntries;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Fetches the entries' code as the pointer or the keyboard focus reaches the toggle, before the click. */
function usePrefetchEntries(): void {
  useEffect(() => {
    const toggle = document.getElementById(TOGGLE_ID);
    if (!toggle || Entries) return;
    const prefetch = () => void loadEntries().catch(() => undefined);
    const events = ['pointerenter', 'pointerdown', 'focus'] as const;
    for (const event of events) toggle.addEventListener(event, prefetch);
    return () => {
      for (const event of events) toggle.removeEventListener(event, prefetch);
    };
  }, []);
}

/**
 * The menu's open state. It opens once the entries' code is there, so that it never shows
 * empty and the arrow key that opened it finds its first entry.
 */
function useMenuOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const wanted = useRef(false);
  const onOpenChange = useCallback((next: boolean) => {
    wanted.current = next;
    if (!next || Entries) {
      setOpen(next);
      return;
    }
    void loadEntries().then(
      () => setOpen(wanted.current),
      () => undefined,
    );
  }, []);
  return [open, onOpenChange];
}

/** The header's account dropdown: the user's name (or 'Guest') and the account menu. */
export function AccountMenu() {
  // 'errors' loads with the header, so that the logout entry's error text never suspends the open menu
  const { t } = useTranslation(['layout', 'errors']);
  const user = useSessionUser();
  const masquerading = user?.data?.is_masquerading === true;
  const [open, onOpenChange] = useMenuOpen();
  usePrefetchEntries();

  return (
    <MenuButton
      id={TOGGLE_ID}
      className="account-menu"
      toggleClassName="btn-link header-action"
      menuLabel={t('layout:header.accountMenu')}
      open={open}
      onOpenChange={onOpenChange}
      toggle={
        <>
          <UserIcon />
          <span className="account-menu-name">{user?.name || t('layout:header.guest')}</span>
        </>
      }
    >
      {Entries ? <Entries masquerading={masquerading} /> : null}
    </MenuButton>
  );
}
