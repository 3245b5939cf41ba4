import type * as schema from '../../src/server/db/schema';

export type MailOutboxRow = typeof schema.mailOutbox.$inferInsert;

export interface MailOutboxRows {
  mailOutbox: MailOutboxRow[];
}

const HOUR = 3_600_000;

/**
 * Two mails the shop gave up on (decision 033), so staff's "mails not delivered" has something to
 * show on a fresh start: a food change notice to a kitchen whose mail server refuses the address
 * for good, and a password reset its mail server put off until the shop stopped trying. Delivered
 * mails are not kept in the demo: the outbox removes them after a while anyway.
 */
export function generateMailOutbox(loadedAt: string): MailOutboxRows {
  const at = (hoursBack: number) => new Date(new Date(loadedAt).getTime() - hoursBack * HOUR);
  return {
    mailOutbox: [
      {
        kind: 'food_change',
        recipient: 'inkoop@foodservice-noord.example.nl',
        subject: 'Gewijzigde productinformatie: allergenen en ingrediënten',
        text: 'De ingrediënten of allergenen van een product dat u kocht zijn gewijzigd. Bekijk de wijziging in de webshop.',
        createdAt: at(26),
        attempts: 1,
        nextAttemptAt: at(26),
        lastAttemptAt: at(26),
        lastError: '550 5.1.1 <inkoop@foodservice-noord.example.nl>: Recipient address rejected: User unknown in virtual mailbox table',
        failedAt: at(26),
      },
      {
        kind: 'password_reset',
        recipient: 'keuken@the-taco-lab.example.nl',
        subject: 'Reset your password',
        text: 'Someone asked to reset the password of your account.',
        createdAt: at(30),
        attempts: 8,
        nextAttemptAt: at(30 - 4.3),
        lastAttemptAt: at(30 - 4.3),
        lastError: '452 4.2.2 <keuken@the-taco-lab.example.nl>: Mailbox full',
        failedAt: at(30 - 4.3),
      },
    ],
  };
}
