import { createMollieClient, type MollieClient, PaymentMethod } from '@mollie/api-client';
import { centsToDecimal } from '../../../shared/money';
import type { PaymentStatus } from '../../db/schema';
import { type CreatePayment, decimalToCents, type PaymentProvider, type ProviderPayment } from './provider';

const STATUSES: ReadonlySet<string> = new Set(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']);

interface MolliePaymentLike {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  expiresAt?: string;
  metadata?: unknown;
  getCheckoutUrl(): string | null;
}

function toPayment(payment: MolliePaymentLike): ProviderPayment {
  return {
    id: payment.id,
    status: (STATUSES.has(payment.status) ? payment.status : 'open') as PaymentStatus,
    amountCents: decimalToCents(payment.amount.value),
    checkoutUrl: payment.getCheckoutUrl(),
    expiresAt: payment.expiresAt ? new Date(payment.expiresAt) : null,
    metadata: payment.metadata && typeof payment.metadata === 'object' ? (payment.metadata as Record<string, unknown>) : {},
  };
}

/** Mollie through its official client; `endpoint` points it at a stand-in in tests. */
export function createMollieProvider(options: { apiKey: string; endpoint?: string }): PaymentProvider {
  const client: MollieClient = createMollieClient({ apiKey: options.apiKey, ...(options.endpoint ? { apiEndpoint: options.endpoint } : {}) });
  return {
    name: 'mollie',
    async create(input: CreatePayment) {
      const payment = await client.payments.create({
        amount: { currency: 'EUR', value: centsToDecimal(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
        method: PaymentMethod.ideal,
        metadata: input.metadata,
      });
      return toPayment(payment as unknown as MolliePaymentLike);
    },
    async get(id: string) {
      try {
        return toPayment((await client.payments.get(id)) as unknown as MolliePaymentLike);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
  };
}
