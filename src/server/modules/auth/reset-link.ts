import { createHmac, timingSafeEqual } from 'node:crypto';

/** A reset link works for one day (Drupal's user.settings password_reset_timeout). */
export const RESET_LINK_TTL_SECONDS = 24 * 3600;

export interface ResetLinkUser {
  id: number;
  mail: string;
  /** The current password hash: part of the key, so a new password kills every older link. */
  pass: string | null;
  /** Part of the signed data, so a login after the link was made kills it. */
  lastLoginAt: Date | null;
}

/**
 * Drupal's user_pass_rehash: an HMAC over timestamp, last login, uid and e-mail, keyed by the
 * site secret plus the password hash. Using the link sets a new password, so it dies after use.
 */
export function resetHash(hashSalt: string, user: ResetLinkUser, timestamp: number): string {
  const data = [timestamp, user.lastLoginAt?.getTime() ?? 0, user.id, user.mail.toLowerCase()].join(':');
  return createHmac('sha256', `${hashSalt}${user.pass ?? ''}`).update(data).digest('base64url');
}

export function resetUrl(publicUrl: string, lang: string, uid: number, timestamp: number, hash: string): string {
  return `${publicUrl}/${lang}/user/password/reset/${uid}/${timestamp}/${hash}`;
}

export type ResetLinkCheck = 'valid' | 'invalid' | 'expired';

/** Checks a link's timestamp (seconds) and hash for a user; `now` is the service's clock. */
export function checkResetLink(
  hashSalt: string,
  user: ResetLinkUser,
  timestamp: number,
  hash: string,
  now: Date,
): ResetLinkCheck {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!Number.isSafeInteger(timestamp) || timestamp > nowSeconds) return 'invalid';
  const expected = Buffer.from(resetHash(hashSalt, user, timestamp));
  const given = Buffer.from(hash);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return nowSeconds - timestamp > RESET_LINK_TTL_SECONDS ? 'expired' : 'valid';
}
