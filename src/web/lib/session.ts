import { useSyncExternalStore } from 'react';

import type { CachedCurrentUser } from '../../shared/api/account';

/**
 * The local session: the cached current user and the CSRF token in localStorage (spec
 * section 3). Components subscribe to it, so clearing it (logout, the 403 rule, another tab)
 * re-renders the guards.
 */
export const CURRENT_USER_KEY = 'current_user';
export const CSRF_TOKEN_KEY = 'csrf_token';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

let lastRaw: string | null = null;
/** True once the session was ended in this page (logout, 403): guards then go to login without asking the server. */
let endedHere = false;
let lastUser: CachedCurrentUser | null = null;

export function getCachedUser(): CachedCurrentUser | null {
  const raw = storage()?.getItem(CURRENT_USER_KEY) ?? null;
  if (raw === lastRaw) return lastUser;
  lastRaw = raw;
  lastUser = parseUser(raw);
  return lastUser;
}

function parseUser(raw: string | null): CachedCurrentUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as CachedCurrentUser).id === 'number') {
      return value as CachedCurrentUser;
    }
  } catch {
    // a damaged entry counts as no cache
  }
  return null;
}

export function setCachedUser(user: CachedCurrentUser): void {
  endedHere = false;
  storage()?.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  emit();
}

export function getCsrfToken(): string | null {
  return storage()?.getItem(CSRF_TOKEN_KEY) ?? null;
}

export function setCsrfToken(token: string): void {
  storage()?.setItem(CSRF_TOKEN_KEY, token);
}

/**
 * Forget the user and the CSRF token (logout, 403, switch back). `notify: false` when the
 * browser is about to leave the page anyway, so the guards do not redirect first.
 */
export function clearSession({ notify = true }: { notify?: boolean } = {}): void {
  const store = storage();
  store?.removeItem(CURRENT_USER_KEY);
  store?.removeItem(CSRF_TOKEN_KEY);
  endedHere = true;
  if (notify) emit();
}

export function sessionEndedHere(): boolean {
  return endedHere;
}

/** Forget the in-memory state of this module (tests start every case as a fresh page). */
export function resetSessionMemory(): void {
  endedHere = false;
  lastRaw = null;
  lastUser = null;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CURRENT_USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cached current user; re-renders when it changes, also from another tab. */
export function useSessionUser(): CachedCurrentUser | null {
  return useSyncExternalStore(subscribeSession, getCachedUser, () => null);
}
