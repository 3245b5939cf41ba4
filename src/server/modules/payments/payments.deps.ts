import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/provider';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { CartService } from '../ordering/cart/cart.service';
import type { CheckoutService } from '../ordering/checkout/checkout.service';
import { localized } from '../../i18n';
import { PAYMENT_MESSAGES as MESSAGES } from './payments.messages';
import * as repo from './payments.repository';

export interface PaymentsDeps {
  provider: PaymentProvider;
  cart: CartService;
  checkout: CheckoutService;
  log: FastifyBaseLogger;
  now: () => Date;
  shopName: string;
  publicUrl: string;
  apiBase: string;
  /** Where the provider posts status changes; null when the shop cannot be reached from outside. */
  webhookUrl: string | null;
  /** How long creating a payment at the provider may take before the payer is told it failed. */
  providerTimeoutMs?: number;
}

/** The database and what the parts of the payments module share. */
export interface PaymentsContext {
  db: Db;
  deps: PaymentsDeps;
}

const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

/** Statuses after which nothing more happens to a payment at the provider. */
export const FINAL_FAILURES: ReadonlySet<string> = new Set(['failed', 'canceled', 'expired']);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the payment provider did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Creates the payment at the provider for a payment row that exists (and locks what it pays
 * for from that moment, decision 010) and answers where the payer goes. When the provider fails
 * or does not answer in time, the row is closed as failed, which frees the cart, and the payer
 * gets the spec's 'Something went wrong' (502) in their language.
 */
export async function startAtProvider(
  { db, deps }: PaymentsContext,
  payment: repo.PaymentRow,
  request: { redirectUrl: string; metadata: Record<string, string>; lang: Lang },
): Promise<string> {
  try {
    const remote = await withTimeout(
      deps.provider.create({
        amountCents: payment.amountCents,
        description: payment.description,
        redirectUrl: request.redirectUrl,
        webhookUrl: deps.webhookUrl,
        metadata: { paymentId: payment.uuid, ...request.metadata },
      }),
      deps.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    );
    await repo.setProviderData(db, payment.id, { providerId: remote.id, checkoutUrl: remote.checkoutUrl, expiresAt: remote.expiresAt, status: remote.status }, deps.now());
    if (!remote.checkoutUrl) throw new Error(`the provider gave payment ${remote.id} no checkout URL`);
    return remote.checkoutUrl;
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id, kind: payment.kind }, 'the payment could not be created at the provider');
    await repo.updatePayment(db, payment.id, { status: 'failed', appliedAt: deps.now() }, deps.now());
    throw new AppError(502, 'payment_not_created', localized(MESSAGES, 'payment_not_created'));
  }
}
