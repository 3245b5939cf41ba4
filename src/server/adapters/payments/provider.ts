import type { PaymentStatus } from '../../db/schema';

/**
 * The payment provider as the shop uses it (DESIGN.md section 5): create a payment and get it
 * again. A webhook only says "payment X changed"; the shop then gets the payment itself.
 */
export interface CreatePayment {
  amountCents: number;
  description: string;
  redirectUrl: string;
  /** Null when the shop cannot be reached from outside (a localhost address). */
  webhookUrl: string | null;
  /** Carries the shop's own payment id. */
  metadata: { paymentId: string } & Record<string, string>;
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  /** Where the payer pays; null once the payment is final. */
  checkoutUrl: string | null;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly name: 'mollie' | 'sandbox';
  create(input: CreatePayment): Promise<ProviderPayment>;
  /** Null when the provider does not know the id. */
  get(id: string): Promise<ProviderPayment | null>;
}

/** "12.34" → 1234: amounts come back as decimal strings. */
export function decimalToCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`not an amount: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
