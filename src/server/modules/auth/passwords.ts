import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export const hashPassword = (plain: string) => hash(plain);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash; without one (unknown user, no password set) it still spends
 * the same work on a dummy hash, so timing does not tell which user names exist.
 */
export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
