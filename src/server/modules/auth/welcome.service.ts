import type { Db, DbOrTx } from '../../db/client';
import type { MailOutbox } from '../mail/mail-outbox.service';
import { setPasswordLink } from './password.service';
import { welcomeMail } from './welcome-mail';

/** What the welcome mail needs: where to write it, the shop's address and name, the link's secret. */
export interface WelcomeDeps {
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  hashSalt: string;
}

/**
 * Writes the welcome mails of these users (a set-password link each) to the mail outbox in the
 * caller's transaction; answers the outbox ids to deliver after the commit. An inactive or gone
 * user gets none.
 */
export async function enqueueWelcomeMails(tx: DbOrTx, welcome: WelcomeDeps, userIds: readonly number[], now: Date): Promise<number[]> {
  const mails = [];
  for (const id of userIds) {
    const link = await setPasswordLink(tx, id, welcome, now);
    if (link) mails.push({ kind: 'welcome' as const, ...welcomeMail({ to: link.user.mail, lang: link.lang, user: link.user, shopName: welcome.shopName, url: link.url }) });
  }
  return welcome.outbox.enqueue(tx, mails);
}

/**
 * After the commit, so a mail names a user that exists: the mails are written to the mail outbox
 * and sent right away; what does not go now, the outbox's job sends (decision 033). `failed`
 * counts the mails not sent now.
 */
export async function sendWelcomeMails(db: Db, welcome: WelcomeDeps, userIds: readonly number[], now: Date): Promise<{ sent: number; failed: number }> {
  const ids = await enqueueWelcomeMails(db, welcome, userIds, now);
  const run = await welcome.outbox.deliver(ids);
  return { sent: run.sent, failed: ids.length - run.sent };
}
