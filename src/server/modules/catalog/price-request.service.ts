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
export const PRICE_REQUEST_WINDOW_MS = 10 * 60 * 1000;

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
  /** True when refused as a repeat (answered 429). */
  repeated: boolean;
}

const productKey = (id: string) => (/^\d+$/.test(id) ? { id: Number(id) } : { uuid: id.toLowerCase() });

export function createPriceRequestService(db: Db, deps: PriceRequestDeps) {
  /** Stores the request unless the user asked for this product within the window; null when refused. */
  function record(userId: number, relationId: number | null, productId: number, quantity: number, lang: Lang) {
    const now = deps.now();
    return db.transaction(async (tx) => {
      await repo.lockRequests(tx, userId, productId);
      if (await repo.hasRequestSince(tx, userId, productId, new Date(now.getTime() - PRICE_REQUEST_WINDOW_MS))) return null;
      return repo.insertPriceRequest(tx, { userId, relationId, productId, quantity, langcode: lang, createdAt: now });
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
      if (stored === null) return { status: 0, message: catalogMessage(lang, 'priceRequestRepeated'), repeated: true };
      try {
        await deps.mailer.send(
          priceRequestMail({ to: deps.salesEmail, shopName: deps.shopName, requester, product, quantity, lang }),
        );
      } catch (err) {
        deps.log.error({ err, productId: product.id }, 'price request mail failed');
        // Not sent, so not asked: the customer may try again at once.
        await repo.deletePriceRequest(db, stored);
        throw new AppError(503, 'mail_failed', localized(CATALOG_MESSAGES, 'mail_failed'));
      }
      return { status: 1, message: catalogMessage(lang, 'priceRequestSent'), repeated: false };
    },
  };
}

export type PriceRequestService = ReturnType<typeof createPriceRequestService>;
