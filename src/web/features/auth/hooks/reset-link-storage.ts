/**
 * The hash and timestamp of a mailed reset link, kept in localStorage under the keys of spec
 * section 3 while the page shows the link without them.
 */
export const HASH_KEY = 'hashState';
export const TIMESTAMP_KEY = 'timestampState';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function storeResetLink(hash: string, timestamp: string): void {
  storage()?.setItem(HASH_KEY, hash);
  storage()?.setItem(TIMESTAMP_KEY, timestamp);
}

export function readResetLink(): { hash: string; timestamp: string } | null {
  const hash = storage()?.getItem(HASH_KEY);
  const timestamp = storage()?.getItem(TIMESTAMP_KEY);
  return hash && timestamp ? { hash, timestamp } : null;
}

export function clearResetLink(): void {
  storage()?.removeItem(HASH_KEY);
  storage()?.removeItem(TIMESTAMP_KEY);
}
