import type { CreatePayment, PaymentProvider, ProviderPayment } from '../adapters/payments/provider';
import type { PaymentStatus } from '../db/schema';

/**
 * A payment provider in memory for API tests: payments the test can set to any status and
 * amount, and a create call the test can hold open (`holdCreates`) to act while the shop waits
 * for the provider, or make fail.
 */
export interface TestProvider extends PaymentProvider {
  payments: Map<string, ProviderPayment & { input: CreatePayment }>;
  /** Create calls wait until the returned function is called (or answer with `fail`). */
  holdCreates(): { started: Promise<void>; release(outcome?: 'answer' | 'fail'): void };
  set(id: string, change: { status?: PaymentStatus; amountCents?: number; expiresAt?: Date }): void;
  single(): ProviderPayment & { input: CreatePayment };
}

export function testProvider(now: () => Date): TestProvider {
  const payments: TestProvider['payments'] = new Map();
  let hold: { gate: Promise<'answer' | 'fail'>; started: () => void } | null = null;
  let sequence = 0;
  return {
    name: 'mollie',
    payments,
    holdCreates() {
      let release!: (outcome: 'answer' | 'fail') => void;
      let started!: () => void;
      const startedPromise = new Promise<void>((resolve) => (started = resolve));
      hold = { gate: new Promise((resolve) => (release = resolve)), started };
      return { started: startedPromise, release: (outcome = 'answer') => release(outcome) };
    },
    async create(input) {
      const held = hold;
      if (held) {
        hold = null;
        held.started();
        if ((await held.gate) === 'fail') throw new Error('the provider stand-in failed');
      }
      sequence += 1;
      const id = `tr_test${String(sequence).padStart(6, '0')}`;
      const payment = { id, status: 'open' as PaymentStatus, amountCents: input.amountCents, checkoutUrl: `https://pay.example/${id}`, expiresAt: new Date(now().getTime() + 15 * 60_000), metadata: input.metadata, input };
      payments.set(id, payment);
      return { ...payment };
    },
    async get(id) {
      const payment = payments.get(id);
      return payment ? { ...payment, checkoutUrl: payment.status === 'open' ? payment.checkoutUrl : null } : null;
    },
    set(id, change) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      Object.assign(payment, change);
    },
    single() {
      const all = [...payments.values()];
      if (all.length !== 1) throw new Error(`${all.length} payments at the provider`);
      return all[0]!;
    },
  };
}
