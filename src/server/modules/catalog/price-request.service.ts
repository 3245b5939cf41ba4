import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { loginRequired } from '../../errors';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import type { MailOutbox } from '../mail/mail-outbox.service';
import { userProfile } from '../auth/auth.service';
import { catalogMessage, productNotFound } from './catalog.messages';
import { priceRequestMail } from './price-request-mail';
import * as repo from './price-request.repository';
import type { Requester } from './price-request.repository';

/** A second request for the same product by the same user within this window is refused politely. */
const PRICE_REQUEST_WINDOW_MS = 10 * 60 * 1000;

/**
 * Each request mails the sales department: a user may send at most this many in an hour (a
 * sliding hour). Decision 006.
 */
export const PRICE_REQUESTS_PER_HOUR = 10;
const HOUR_MS = 3600 * 1000;

export interface PriceRequestDeps {
  outbox: MailOutbox;
  salesEmail: string;
  shopName: string;
  now: () => Date;
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
   * Stores the request and its mail to sales (in the mail outbox, decision 033) unless the user
   * asked for this product within the window (`repeated`) or sent the hour's maximum already
   * (`limit`); answers the mail's id.
   */
  function record(
    userId: number,
    relationId: number | null,
    productId: number,
    quantity: number,
    lang: Lang,
    mail: MailMessage,
  ): Promise<{ mailId: number } | { refused: 'repeated' | 'limit' }> {
    const now = deps.now();
    return db.transaction(async (tx) => {
      await repo.lockRequests(tx, userId);
      if (await repo.hasRequestSince(tx, userId, productId, new Date(now.getTime() - PRICE_REQUEST_WINDOW_MS), now)) {
        return { refused: 'repeated' as const };
      }
      if ((await repo.countRequestsSince(tx, userId, new Date(now.getTime() - HOUR_MS), now)) >= PRICE_REQUESTS_PER_HOUR) {
        return { refused: 'limit' as const };
      }
      await repo.insertPriceRequest(tx, { userId, relationId, productId, quantity, langcode: lang, createdAt: now });
      const [mailId] = await deps.outbox.enqueue(tx, [{ kind: 'price_request', ...mail }]);
      return { mailId: mailId! };
    });
  }

  return {
    /** Mails the sales department and remembers the request; the answer is in the caller's language. */
    async request(productId: string, quantity: number, session: ActiveSession, lang: Lang): Promise<PriceRequestOutcome> {
      const product = await repo.findRequestedProduct(db, productKey(productId));
      if (!product) throw productNotFound(productId);
      const user = await userProfile(db, session.user.id);
      // The session's user exists; only a deletion in between could get here.
      if (!user) throw loginRequired();
      const requester: Requester = { ...user, relation: await repo.findActiveRelation(db, user.relationId) };

      const mail = priceRequestMail({ to: deps.salesEmail, shopName: deps.shopName, requester, product, quantity, lang });
      const stored = await record(session.user.id, requester.relation?.id ?? null, product.id, quantity, lang, mail);
      if ('refused' in stored) {
        const message = catalogMessage(lang, stored.refused === 'repeated' ? 'priceRequestRepeated' : 'priceRequestLimit');
        return { status: 0, message, refused: true };
      }
      // What the mail server does not take now, the outbox's job sends when it is back.
      await deps.outbox.deliver([stored.mailId]);
      return { status: 1, message: catalogMessage(lang, 'priceRequestSent'), refused: false };
    },
  };
}

export type PriceRequestService = ReturnType<typeof createPriceRequestService>;
