import { z } from 'zod';

/** What a mail of the outbox is (decision 033). */
export const mailKind = z.enum([
  'order_confirmation', 'welcome', 'password_reset', 'food_change', 'price_request',
  // The staff order desk (issue 42).
  'order_canceled', 'order_changed',
  // The price requests inbox (issue 42): the quote or the decline, to the customer.
  'price_request_answer',
]);
export type MailKindName = z.infer<typeof mailKind>;

/** A mail the shop gave up on: refused for good, or failed too often. */
export const undeliveredMail = z.object({
  id: z.number().int(),
  kind: mailKind,
  to: z.string(),
  subject: z.string(),
  /** The mail server's last answer (or the error), as it gave it. */
  last_error: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  /** When it was given up. */
  failed_at: z.string(),
});
export type UndeliveredMail = z.infer<typeof undeliveredMail>;

/** GET /api/staff/undelivered-mails (staff only): the latest 100 mails not delivered, latest first. */
export const undeliveredMailsResponse = z.object({ data: z.array(undeliveredMail) });
export type UndeliveredMailsResponse = z.infer<typeof undeliveredMailsResponse>;
