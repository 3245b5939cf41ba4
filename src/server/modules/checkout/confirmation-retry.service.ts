import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { markConfirmationSent } from './checkout.repository';
import * as repo from './confirmation.repository';
import { type Confirmation, confirmationMail } from './order-mail';

export interface ConfirmationRetryDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  shopName: string;
  publicUrl: string;
}

/** How often the job runs, and how long an order's first attempt (just after placing) is left alone. */
export const CONFIRMATION_RETRY_EVERY_MS = 60_000;
/** Orders placed longer ago than this get no confirmation any more (it would confuse more than help). */
const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
/** At most this many mails per run and instance. */
const BATCH = 50;

/** The confirmation of a placed order, written again from what the order kept. */
function confirmationFrom(order: repo.PlacedOrderForMail, deps: Pick<ConfirmationRetryDeps, 'shopName' | 'publicUrl'>): Confirmation {
  const lang = order.userLangcode === 'en' ? 'en' : 'nl';
  return {
    to: order.mail,
    lang,
    shopName: deps.shopName,
    orderNumber: order.orderNumber,
    placedAt: order.placedAt,
    lines: order.lines.map((l) => ({ ...l, title: l.title ?? '', sku: l.sku ?? '', unitPriceCents: l.unitPriceCents ?? 0, totalCents: l.totalCents ?? 0 })),
    subtotalCents: order.subtotalCents ?? 0,
    adjustments: order.adjustments ?? [],
    totalCents: order.totalCents ?? 0,
    deliveryDate: order.reqDlvDate ?? '',
    deliveryAddress: order.deliveryAddress ?? { name: '', address_line1: '', postal_code: '', locality: '', country_code: '' },
    shippingMethod: order.shippingMethodLabel ?? '',
    paymentMethod: order.paymentMethodLabel ?? '',
    orderUrl: `${deps.publicUrl}/${lang}/account/orders/${order.id}`,
  };
}

/**
 * Sends again the order confirmations that did not go out when the order was placed (the mail
 * server down or slow: placing never waits for it). Every minute, each instance claims the orders
 * placed more than a minute and less than three days ago whose mail is unsent and that no
 * instance took in the last minute, sends them and marks them sent (decision 017). The claim is
 * committed before the mails go out, so no transaction waits for the mail server. A crash
 * between sending and marking sends that mail twice, never not at all.
 */
export function createConfirmationRetry(db: Db, deps: ConfirmationRetryDeps) {
  return {
    /** One run; answers how many mails went out. */
    async retry(): Promise<number> {
      const now = deps.now();
      const ids = await repo.claimUnsentConfirmations(db, {
        now,
        placedAfter: new Date(now.getTime() - GIVE_UP_AFTER_MS),
        placedBefore: new Date(now.getTime() - CONFIRMATION_RETRY_EVERY_MS),
        attemptedBefore: new Date(now.getTime() - CONFIRMATION_RETRY_EVERY_MS),
        limit: BATCH,
      });
      let sent = 0;
      for (const id of ids) {
        const order = await repo.placedOrderForMail(db, id);
        if (!order) continue;
        try {
          await deps.mailer.send(confirmationMail(confirmationFrom(order, deps)));
        } catch (err) {
          // The mail server is still away: the rest of this batch waits for the next run.
          deps.log.warn({ err, orderId: id, waiting: ids.length - sent }, 'order confirmation still not sent; trying again in a minute');
          return sent;
        }
        await markConfirmationSent(db, id, deps.now());
        sent += 1;
      }
      if (sent > 0) deps.log.info({ sent }, 'order confirmations sent late');
      return sent;
    },
  };
}

export type ConfirmationRetry = ReturnType<typeof createConfirmationRetry>;
