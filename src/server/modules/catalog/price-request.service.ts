import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { AppError, loginRequired } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import { CATALOG_MESSAGES, catalogMessage, productNotFound } from './catalog.messages';
import { priceRequestMail } from './price-request-mail';
import * as repo from './price-request.repository';

/** A second request for the same product by the same user within this window is refused politely. */
const PRICE_REQUEST_WINDOW_MS = 10 * 60 * 1000;

/**
 * Each request mails the sales department: a user may send at most this many in an hour (a
 * sliding hour; requests whose mail failed do not count). Decision 006.
 */
export const PRICE_REQUESTS_PER_HOUR = 10;
const HOUR_MS = 3600 * 1000;

export interface PriceRequestDeps {
  mailer: Mailer;
  salesEmail: string;
  shopName: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface PriceRequestOutcome {
  status: 0 | 1;
  message: string;
  /** True when refused, as a repeat or over the hourly limit (answered 429). */
  refused: boolean;
}

const productKey = (id: string) => (/^\d+$/.test(id) ? { id: Number(id) } : { uuid: id.toLowerCase() });

export function createPriceRequestService(db: Db, deps: PriceRequestDeps) {
  /**
   * Stores the request unless the user asked for this product within the window (`repeated`) or
   * sent the hour's maximum already (`limit`).
   */
  function record(
    userId: number,
    relationId: number | null,
    productId: number,
    quantity: number,
    lang: Lang,
  ): Promise<{ id: number } | { refused: 'repeated' | 'limit' }> {
    const now = deps.now();
    return db.transaction(async (tx) => {
      await repo.lockRequests(tx, userId);
      if (await repo.hasRequestSince(tx, userId, productId, new Date(now.getTime() - PRICE_REQUEST_WINDOW_MS))) {
        return { refused: 'repeated' as const };
      }
      if ((await repo.countRequestsSince(tx, userId, new Date(now.getTime() - HOUR_MS))) >= PRICE_REQUESTS_PER_HOUR) {
        return { refused: 'limit' as const };
      }
      return { id: await repo.insertPriceRequest(tx, { userId, relationId, productId, quantity, langcode: lang, createdAt: now }) };
    });
  }

  return {
    /** Mails the sales department and remembers the request; the answer is in the caller's language. */
    async request(productId: string, quantity: number, session: ActiveSession, lang: Lang): Promise<PriceRequestOutcome> {
      const product = await repo.findRequestedProduct(db, productKey(productId));
      if (!product) throw productNotFound(productId);
      const requester = await repo.findRequester(db, session.user.id);
      // The session's user exists; only a deletion in between could get here.
      if (!requester) throw loginRequired();

      const stored = await record(session.user.id, requester.relation?.id ?? null, product.id, quantity, lang);
      if ('refused' in stored) {
        const message = catalogMessage(lang, stored.refused === 'repeated' ? 'priceRequestRepeated' : 'priceRequestLimit');
        return { status: 0, message, refused: true };
      }
      try {
        await deps.mailer.send(
          priceRequestMail({ to: deps.salesEmail, shopName: deps.shopName, requester, product, quantity, lang }),
        );
      } catch (err) {
        deps.log.error({ err, productId: product.id }, 'price request mail failed');
        // Not sent, so not asked: the customer may try again at once.
        await repo.deletePriceRequest(db, stored.id);
        throw new AppError(503, 'mail_failed', localized(CATALOG_MESSAGES, 'mail_failed'));
      }
      return { status: 1, message: catalogMessage(lang, 'priceRequestSent'), refused: false };
    },
  };
}

export type PriceRequestService = ReturnType<typeof createPriceRequestService>;
