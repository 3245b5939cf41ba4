import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaymentStatus, sandboxPayments } from '../../db/schema';
import type { CreatePayment, PaymentProvider, ProviderPayment } from './provider';

/** iDEAL payments expire after 15 minutes at Mollie; the sandbox does the same. */
const SANDBOX_EXPIRY_MS = 15 * 60_000;

/** What the payer can choose on the sandbox page, as in Mollie's test checkout. */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export interface SandboxDeps {
  /** The checkout page's address: `${publicUrl}${apiBase}/payment-sandbox/`. */
  pageBase: string;
  now: () => Date;
  /** Tells the shop's webhook, as Mollie does: a form-encoded POST with the payment id. */
  notify: (webhookUrl: string, id: string) => Promise<void>;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The payer's choice on the sandbox page: sets the status (once), notifies the webhook, answers where to go. */
  complete(id: string, outcome: SandboxOutcome): Promise<{ redirectUrl: string } | null>;
  /** The payment as the sandbox page shows it. */
  find(id: string): Promise<(ProviderPayment & { description: string; redirectUrl: string }) | null>;
}

/** The built-in payment provider (the default): payments in the shop's own database. */
export function createSandboxProvider(db: Db, deps: SandboxDeps): SandboxProvider {
  async function load(id: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    if (!row) return null;
    // An open payment runs out as Mollie's do.
    const status: PaymentStatus = row.status === 'open' && row.expiresAt <= deps.now() ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      amountCents: row.amountCents,
      checkoutUrl: status === 'open' ? `${deps.pageBase}${row.id}` : null,
      expiresAt: row.expiresAt,
      metadata: row.metadata,
      description: row.description,
      redirectUrl: row.redirectUrl,
      webhookUrl: row.webhookUrl,
    };
  }

  return {
    name: 'sandbox',
    async create(input: CreatePayment) {
      const id = `tr_sbx${randomBytes(8).toString('hex')}`;
      await db.insert(sandboxPayments).values({
        id,
        amountCents: input.amountCents,
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
        expiresAt: new Date(deps.now().getTime() + SANDBOX_EXPIRY_MS),
      });
      const payment = await load(id);
      if (!payment) throw new Error('the sandbox lost a payment it just made');
      return payment;
    },
    get: load,
    find: load,
    async complete(id, outcome) {
      const payment = await load(id);
      if (!payment) return null;
      // A final payment stays as it is; choosing 'open' leaves it open (the payer comes back later).
      if (payment.status === 'open' && outcome !== 'open') {
        await db.update(sandboxPayments).set({ status: outcome }).where(eq(sandboxPayments.id, id));
        if (payment.webhookUrl) await deps.notify(payment.webhookUrl, id).catch(() => undefined);
      }
      return { redirectUrl: payment.redirectUrl };
    },
  };
}
