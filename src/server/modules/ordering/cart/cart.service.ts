import type { AddToCartRequest, CartOrder, CartOrderItem, CartResponse, PatchCartItemsRequest } from '../../../../shared/api/cart';
import { businessDay } from '../../../../shared/delivery-date';
import { freeDeliveryThresholdCents } from '../../../../shared/money';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, type FieldError, noRelation, orderNotFound } from '../../../errors';
import type { Lang } from '../../../plugins/language';
import type { ActiveSession } from '../../../context/session';
import { type Customer, customerOf, requireCustomer } from '../../../context/customer';
import { addToCartIn, type CartAddition } from './cart-add';
import { itemNotFound, joined, lineProblem, paymentUnderwayError } from './cart-errors';
import { stockRefusal } from '../../stock/stock-checks';
import * as lines from './cart-lines.repository';
import { orderSums, unitPriceFor } from './cart-maths';
import * as prices from './cart-prices.repository';
import { type PricedCart, type PricedLine, priceContextOf, toCart, vatDayOf } from './cart-view';
import * as repo from './cart.repository';

export { adjustmentSnapshots, type PricedCart, type PricedLine, taxLabel, toApiAdjustments } from './cart-view';
export type { CartAddition } from './cart-add';
export type { SellableVariation } from './cart-prices.repository';

export interface CartDeps {
  apiBase: string;
  now: () => Date;
}

export function createCartService(db: Db, deps: CartDeps) {
  /**
   * Prices on today's lists; VAT at the rates of the delivery date (decision 028): the cart's
   * date while it is still allowed, else the first date the customer may choose (what the
   * checkout then proposes). Without the relation's weekdays at hand, monday to friday.
   */
  const priceContext = (customer: Customer, lang: Lang, draft: { reqDlvDate: string | null } | null, deliveryDays: readonly string[] | null = null) => {
    const now = deps.now();
    return priceContextOf(customer, lang, now, vatDayOf(draft?.reqDlvDate ?? null, now, deliveryDays));
  };

  /**
   * Prices the cart's lines as of now. Lines that can no longer be bought (product gone, no price
   * any more) leave the cart, as Commerce's order refresh does.
   */
  async function priceCart(tx: DbOrTx, draft: repo.DraftRow, customer: Customer, lang: Lang): Promise<PricedCart> {
    const relation = await repo.findRelationTerms(tx, customer.relationId);
    if (!relation) throw noRelation();
    const rows = await prices.findCartLines(tx, draft.id, priceContext(customer, lang, draft, relation.deliveryDays));
    const priced: PricedLine[] = [];
    const gone: number[] = [];
    for (const row of rows) {
      const unit = row.active ? unitPriceFor(row.quantity, row.scaled, row.quoted) : null;
      if (unit === null) gone.push(row.itemId);
      else priced.push({ ...row, unitPriceCents: unit });
    }
    if (gone.length > 0) await lines.deleteLines(tx, draft.id, gone);
    const shipping = draft.shippingMethodId ? ((await repo.findShippingMethod(tx, draft.shippingMethodId, lang)) ?? null) : null;
    const threshold = freeDeliveryThresholdCents(relation.freeDeliveryAmount);
    const sums = orderSums(priced, shipping, threshold, { depositsCountFreeDelivery: relation.depositsCountFreeDelivery });
    return { draft, relation, lines: priced, shipping, sums, freeDeliveryThresholdCents: threshold };
  }

  /** The caller's own draft with that id, locked, or 404 (also for another customer's order). */
  async function ownDraft(tx: DbOrTx, orderId: number, session: ActiveSession, customer: Customer): Promise<repo.DraftRow> {
    const draft = await repo.findOwnDraftById(tx, orderId, session.user.id, customer.relationId, { lock: true });
    if (!draft) throw orderNotFound();
    return draft;
  }

  /**
   * While the payer is at the payment provider the order is what they are paying for: changes
   * wait until the payment is paid, failed, canceled or expired (decision 010).
   */
  async function assertChangeable(tx: DbOrTx, draft: repo.DraftRow): Promise<void> {
    if (await lines.paymentUnderway(tx, draft.id, deps.now())) throw paymentUnderwayError();
  }

  async function currentCart(tx: DbOrTx, draft: repo.DraftRow, customer: Customer, lang: Lang): Promise<CartOrder> {
    return toCart(deps.apiBase, await priceCart(tx, draft, customer, lang), lang);
  }

  function addIn(tx: DbOrTx, additions: readonly CartAddition[], session: ActiveSession, customer: Customer, lang: Lang) {
    return addToCartIn(tx, additions, { userId: session.user.id, customer, lang, now: deps.now(), apiBase: deps.apiBase });
  }

  return {
    priceCart,
    toCart: (cart: PricedCart, lang: Lang) => toCart(deps.apiBase, cart, lang),
    ownDraft,
    assertChangeable,
    /** A user's draft by id, locked (payments place orders without a session). */
    draftById: (tx: DbOrTx, orderId: number, userId: number, relationId: number) => repo.findOwnDraftById(tx, orderId, userId, relationId, { lock: true }),
    relationTerms: (tx: DbOrTx, relationId: number) => repo.findRelationTerms(tx, relationId),

    /** GET /cart: the caller's cart for their relation as a list, empty without one. */
    async view(session: ActiveSession, lang: Lang): Promise<CartResponse> {
      const customer = customerOf(session);
      if (!customer) return [];
      return db.transaction(async (tx) => {
        const draft = await repo.findDraft(tx, session.user.id, customer.relationId, { lock: true });
        if (!draft) return [];
        return [await currentCart(tx, draft, customer, lang)];
      });
    },

    /**
     * POST /cart/add: adds each line to the cart (made when there is none), combining per
     * variation; a negative quantity takes off a line in the cart, which goes at 0. One bad line
     * refuses the whole call and nothing changes (cart-add.ts).
     */
    async add(body: AddToCartRequest, session: ActiveSession, lang: Lang): Promise<CartOrderItem[]> {
      const customer = requireCustomer(session);
      const additions = body.map((line) => ({ variationId: line.purchased_entity_id, quantity: line.quantity }));
      return db.transaction(async (tx) => (await addIn(tx, additions, session, customer, lang)).items);
    },

    /** Adds to the caller's cart inside the caller's transaction (quick order adds through here). */
    addIn,
    /** The variations with what they cost the customer today (quick order's preview). */
    sellable: (tx: DbOrTx, variationIds: number[], customer: Customer, lang: Lang) => prices.findSellableVariations(tx, variationIds, priceContext(customer, lang, null)),
    /** The sum of the quantities in the cart (the header's count). */
    quantityTotal: (tx: DbOrTx, orderId: number) => lines.quantityTotal(tx, orderId),
    /** The same for the caller's cart, 0 without one. */
    async currentQuantityTotal(tx: DbOrTx, session: ActiveSession, customer: Customer): Promise<number> {
      const draft = await repo.findDraft(tx, session.user.id, customer.relationId);
      return draft ? lines.quantityTotal(tx, draft.id) : 0;
    },

    /** PATCH /cart/{orderId}/items: sets quantities of lines of the caller's cart; answers the cart. */
    async setQuantities(orderId: number, body: PatchCartItemsRequest, session: ActiveSession, lang: Lang): Promise<CartOrder> {
      const customer = requireCustomer(session);
      return db.transaction(async (tx) => {
        const draft = await ownDraft(tx, orderId, session, customer);
        await assertChangeable(tx, draft);
        const inCart = new Map((await prices.findCartLines(tx, draft.id, priceContext(customer, lang, draft))).map((l) => [l.itemId, l]));
        const errors: FieldError[] = [];
        const updates: Array<[number, number]> = [];
        const today = businessDay(deps.now());
        for (const [key, { quantity }] of Object.entries(body)) {
          const line = inCart.get(Number(key));
          if (!line) throw itemNotFound(key);
          const problem = lineProblem(line, quantity) ?? (quantity > line.quantity ? stockRefusal(line, quantity, today) : null);
          if (problem) errors.push({ field: `${key}.quantity`, message: problem.message });
          else updates.push([line.itemId, quantity]);
        }
        if (errors.length > 0) throw badRequest('invalid_quantity', joined(errors), errors);
        for (const [itemId, quantity] of updates) await lines.setLineQuantity(tx, draft.id, itemId, quantity);
        await repo.touchOrder(tx, draft.id, deps.now());
        return currentCart(tx, draft, customer, lang);
      });
    },

    /** DELETE /cart/{orderId}/items/{itemId}. */
    async removeItem(orderId: number, itemId: number, session: ActiveSession): Promise<void> {
      const customer = requireCustomer(session);
      await db.transaction(async (tx) => {
        const draft = await ownDraft(tx, orderId, session, customer);
        await assertChangeable(tx, draft);
        if ((await lines.deleteLines(tx, draft.id, [itemId])) === 0) throw itemNotFound(itemId);
        await repo.touchOrder(tx, draft.id, deps.now());
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
