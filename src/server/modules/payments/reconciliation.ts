import type { PaymentStatusService } from './payment-status';
import type { PaymentsContext } from './payments.deps';
import * as repo from './payments.repository';

/**
 * A payment the provider still calls open this long after its expiry is closed by the shop as
 * expired, so the cart it locks is free again. Should the provider report it paid after all,
 * the payment is kept for staff (paid_after_final): the money is never ignored.
 */
const GIVE_UP_AFTER_EXPIRY_MS = 60 * 60_000;

/** The provider's webhook and the job that finishes what webhooks missed. */
export function createReconciliation(ctx: PaymentsContext, status: PaymentStatusService) {
  const { db, deps } = ctx;

  /** Closes a payment on the shop's side: nothing more is expected of the provider. */
  async function close(payment: repo.PaymentRow, final: 'failed' | 'expired'): Promise<void> {
    if (!(await repo.closeUnfinished(db, payment.id, final, deps.now()))) return;
    deps.log.warn({ paymentId: payment.id, status: final }, 'a payment left unfinished was closed by the shop');
  }

  return {
    /** The provider's webhook: only an id; the status is fetched. An unknown id changes nothing. */
    async webhook(providerId: string): Promise<void> {
      const payment = await repo.findByProviderId(db, providerId);
      if (!payment) return;
      await status.refresh(payment);
    },

    /**
     * The reconciliation job: payments still unfinished after their expiry, paid ones whose
     * order was never placed, and rows whose provider call never came back are looked at again.
     * Safe on many instances at once.
     */
    async reconcile(limit = 50): Promise<number> {
      const claimed = await db.transaction(async (tx) => {
        const rows = await repo.claimForReconciliation(tx, deps.now(), limit);
        for (const row of rows) await repo.updatePayment(tx, row.id, { checkedAt: deps.now() }, deps.now());
        return rows;
      });
      for (const payment of claimed) {
        try {
          if (!payment.providerId) {
            // The provider call never came back: the payer never got a page to pay on.
            await close(payment, 'failed');
          } else if (payment.status === 'paid') {
            await status.apply(payment.id, { id: payment.providerId, status: 'paid', amountCents: payment.amountCents, checkoutUrl: null, expiresAt: payment.expiresAt, metadata: {} });
          } else {
            await status.refresh(payment);
            const after = await repo.findByUuid(db, payment.uuid);
            const expiredAt = after?.expiresAt?.getTime();
            if (after && !after.appliedAt && expiredAt !== undefined && deps.now().getTime() - expiredAt > GIVE_UP_AFTER_EXPIRY_MS) await close(after, 'expired');
          }
        } catch (error) {
          deps.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
        }
      }
      return claimed.length;
    },
  };
}
