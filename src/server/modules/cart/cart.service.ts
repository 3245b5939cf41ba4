import type { AddToCartRequest, CartOrder, CartOrderItem, CartResponse, OrderAdjustment, PatchCartItemsRequest } from '../../../shared/api/cart';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../shared/api/cart';
import { freeDeliveryThresholdCents, price, rateFraction } from '../../../shared/money';
import type { Db, DbOrTx } from '../../db/client';
import type { AdjustmentSnapshot } from '../../db/schema';
import { AppError, badRequest, type FieldError, noRelation, orderNotFound } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import { businessDay } from '../../../shared/delivery-date';
import { type Customer, customerOf, requireCustomer } from '../catalog/customer';
import { imageStyleUri } from '../images/image-styles';
import { itemNotFound, joined, lineProblem, paymentUnderwayError } from './cart-errors';
import { type OrderSums, orderSums, unitPriceFor } from './cart-maths';
import * as prices from './cart-prices.repository';
import { CART_MESSAGES } from './cart.messages';
import * as repo from './cart.repository';

export interface CartDeps {
  apiBase: string;
  now: () => Date;
}

export interface PricedLine extends prices.CartLineRow {
  unitPriceCents: number;
}

/** A cart with everything worked out: what the cart answers and what placing checks and keeps. */
export interface PricedCart {
  draft: repo.DraftRow;
  relation: repo.RelationTerms;
  lines: PricedLine[];
  shipping: repo.ShippingMethodRow | null;
  sums: OrderSums;
  freeDeliveryThresholdCents: number | null;
}

export function taxLabel(rate: number, lang: Lang): string {
  return `${lang === 'en' ? 'VAT' : 'BTW'} ${rate / 100}%`;
}

/** The adjustments of an order in cents: shipping first, then VAT per rate (highest first). */
export function adjustmentSnapshots(sums: OrderSums, shippingLabel: string | null, lang: Lang): AdjustmentSnapshot[] {
  const list: AdjustmentSnapshot[] = [];
  if (sums.shippingCents !== null && shippingLabel !== null) {
    list.push({ type: 'shipping', label: shippingLabel, percentage: null, amountCents: sums.shippingCents });
  }
  for (const tax of sums.taxes) {
    list.push({ type: 'tax', label: taxLabel(tax.rate, lang), percentage: rateFraction(tax.rate), amountCents: tax.amountCents });
  }
  return list;
}

/** Adjustments as the API answers them. */
export function toApiAdjustments(list: readonly AdjustmentSnapshot[]): OrderAdjustment[] {
  return list.map((a) => ({ type: a.type, label: a.label, percentage: a.percentage, amount: price(a.amountCents) }));
}

export function createCartService(db: Db, deps: CartDeps) {
  const priceContext = (customer: Customer, lang: Lang): prices.PriceContext => ({
    lang,
    pricelist: customer.pricelist,
    relationId: customer.relationId,
    day: businessDay(deps.now()),
  });

  const thumbnails = (uuids: string[]) =>
    uuids.map((uuid) => ({
      small_thumbnail: imageStyleUri(deps.apiBase, 'small_thumbnail', uuid),
      thumbnail: imageStyleUri(deps.apiBase, 'thumbnail', uuid),
    }));

  /**
   * Prices the cart's lines as of now. Lines that can no longer be bought (product gone, no price
   * any more) leave the cart, as Commerce's order refresh does.
   */
  async function priceCart(tx: DbOrTx, draft: repo.DraftRow, customer: Customer, lang: Lang): Promise<PricedCart> {
    const relation = await repo.findRelationTerms(tx, customer.relationId);
    if (!relation) throw noRelation();
    const rows = await prices.findCartLines(tx, draft.id, priceContext(customer, lang));
    const lines: PricedLine[] = [];
    const gone: number[] = [];
    for (const row of rows) {
      const unit = row.active ? unitPriceFor(row.quantity, row.scaled, row.quoted) : null;
      if (unit === null) gone.push(row.itemId);
      else lines.push({ ...row, unitPriceCents: unit });
    }
    if (gone.length > 0) await repo.deleteLines(tx, draft.id, gone);
    const shipping = draft.shippingMethodId ? ((await repo.findShippingMethod(tx, draft.shippingMethodId, lang)) ?? null) : null;
    const threshold = freeDeliveryThresholdCents(relation.freeDeliveryAmount);
    const sums = orderSums(lines, shipping, threshold);
    return { draft, relation, lines, shipping, sums, freeDeliveryThresholdCents: threshold };
  }

  function toItem(line: PricedLine, orderId: number, totalCents: number): CartOrderItem {
    return {
      order_item_id: line.itemId,
      uuid: line.itemUuid,
      order_id: orderId,
      title: line.title,
      quantity: String(line.quantity),
      purchased_entity: {
        variation_id: line.variationId,
        uuid: line.variationUuid,
        sku: line.sku,
        product_id: line.productId,
        product_uuid: line.productUuid,
        product_images: thumbnails(line.imageUuids),
      },
      unit_price: price(line.unitPriceCents),
      total_price: price(totalCents),
      tax_percentage: rateFraction(line.taxRate),
    };
  }

  function toCart(cart: PricedCart, lang: Lang): CartOrder {
    const { draft, sums } = cart;
    return {
      order_id: draft.id,
      uuid: draft.uuid,
      order_number: null,
      state: 'draft',
      order_items: cart.lines.map((line, i) => toItem(line, draft.id, sums.lineTotals[i] ?? 0)),
      total_price: price(sums.totalCents),
      order_total: {
        subtotal: price(sums.subtotalCents),
        adjustments: toApiAdjustments(adjustmentSnapshots(sums, cart.shipping?.label ?? null, lang)),
        total: price(sums.totalCents),
      },
      payment_method: draft.paymentMethodId,
      payment_gateway: draft.paymentMethodId,
      shipments: cart.shipping
        ? [{ shipping_method: cart.shipping.id, shipping_profile: draft.deliveryAddressId, amount: price(sums.shippingCents ?? 0) }]
        : [],
      shipping_profile: draft.deliveryAddressId,
      req_dlv_date: draft.reqDlvDate,
      quantity_total: cart.lines.reduce((sum, line) => sum + line.quantity, 0),
      free_delivery:
        cart.freeDeliveryThresholdCents === null
          ? null
          : { threshold: price(cart.freeDeliveryThresholdCents), remaining: price(sums.freeDeliveryRemainingCents ?? 0) },
    };
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
    if (await repo.paymentUnderway(tx, draft.id, deps.now())) throw paymentUnderwayError();
  }

  async function currentCart(tx: DbOrTx, draft: repo.DraftRow, customer: Customer, lang: Lang): Promise<CartOrder> {
    return toCart(await priceCart(tx, draft, customer, lang), lang);
  }

  return {
    priceCart,
    toCart,
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
     * variation; a negative quantity takes off a line in the cart, which goes at 0. All lines are
     * checked first: one bad line refuses the whole call and nothing changes.
     */
    async add(body: AddToCartRequest, session: ActiveSession, lang: Lang): Promise<CartOrderItem[]> {
      const customer = requireCustomer(session);
      const now = deps.now();
      return db.transaction(async (tx) => {
        // The cart, locked and marked changed (undone with the rest when the call is refused).
        let draft = await repo.lockDraftMarkingChanged(tx, session.user.id, customer.relationId, now);
        if (!draft) {
          await repo.createDraft(tx, {
            userId: session.user.id,
            relationId: customer.relationId,
            langcode: lang,
            deliveryAddressId: await repo.defaultDeliveryAddressId(tx, customer.relationId),
          });
          draft = await repo.lockDraftMarkingChanged(tx, session.user.id, customer.relationId, now);
          if (!draft) throw new Error('the cart could not be made');
        }
        const deltas = new Map<number, { delta: number; index: number }>();
        body.forEach((line, index) => {
          const entry = deltas.get(line.purchased_entity_id);
          deltas.set(line.purchased_entity_id, { delta: (entry?.delta ?? 0) + line.quantity, index: entry?.index ?? index });
        });
        const context = priceContext(customer, lang);
        // One product (the usual click) in one statement with the cart's state; more in two.
        const [only] = deltas.size === 1 ? deltas.keys() : [];
        const state =
          only === undefined
            ? { ...(await repo.findChangeState(tx, draft.id, now)), variation: null }
            : await repo.findChangeStateWithVariation(tx, draft.id, now, only, context);
        if (state.paymentUnderway) throw paymentUnderwayError();
        const found = only === undefined ? await prices.findSellableVariations(tx, [...deltas.keys()], context) : state.variation ? [state.variation] : [];
        const variations = new Map(found.map((v) => [v.variationId, v]));
        // Only quantities of the lines in the cart: prices are worked out for the added variations alone.
        const existing = new Map(state.lines.map((l) => [l.variationId, l]));
        const errors: FieldError[] = [];
        const codes = new Set<string>();
        const changes: Array<{ variation: prices.SellableVariation; itemId: number | null; quantity: number }> = [];
        for (const [variationId, { delta, index }] of deltas) {
          const field = `${index}.purchased_entity_id`;
          const variation = variations.get(variationId);
          if (!variation) {
            codes.add('unknown_variation');
            errors.push({ field, message: localized(CART_MESSAGES, 'no_such_variation', { id: variationId }) });
            continue;
          }
          const line = existing.get(variationId);
          const quantity = (line?.quantity ?? 0) + delta;
          if (!line && delta < 0) {
            codes.add('not_in_cart');
            errors.push({ field: `${index}.quantity`, message: localized(CART_MESSAGES, 'not_in_cart', { sku: variation.sku }) });
            continue;
          }
          if (quantity > MAX_LINE_QUANTITY) {
            codes.add('too_many');
            errors.push({ field: `${index}.quantity`, message: localized(CART_MESSAGES, 'too_many', { sku: variation.sku, max: MAX_LINE_QUANTITY }) });
            continue;
          }
          const problem = quantity > 0 ? lineProblem(variation, quantity) : null;
          if (problem) {
            codes.add(problem.code);
            errors.push({ field, message: problem.message });
            continue;
          }
          changes.push({ variation, itemId: line?.itemId ?? null, quantity });
        }
        const newLines = changes.filter((c) => c.itemId === null && c.quantity > 0).length;
        if (errors.length === 0 && existing.size + newLines > MAX_CART_LINES) {
          codes.add('cart_full');
          errors.push({ field: 'body', message: localized(CART_MESSAGES, 'cart_full', { max: MAX_CART_LINES }) });
        }
        if (errors.length > 0) {
          const code = codes.size === 1 ? [...codes][0]! : 'invalid_lines';
          const status = code === 'unknown_variation' ? 404 : 400;
          throw new AppError(status, code, joined(errors), errors);
        }
        const answer: CartOrderItem[] = [];
        for (const change of changes) {
          let item: { itemId: number; itemUuid: string };
          if (change.itemId === null) {
            item = await repo.insertLine(tx, { orderId: draft.id, variationId: change.variation.variationId, productId: change.variation.productId, quantity: change.quantity });
          } else if (change.quantity <= 0) {
            await repo.deleteLines(tx, draft.id, [change.itemId]);
            continue;
          } else {
            await repo.setLineQuantity(tx, draft.id, change.itemId, change.quantity);
            item = { itemId: change.itemId, itemUuid: existing.get(change.variation.variationId)!.itemUuid };
          }
          // lineProblem passed, so the quantity has a price.
          const unit = unitPriceFor(change.quantity, change.variation.scaled, change.variation.quoted)!;
          answer.push(toItem({ ...change.variation, ...item, quantity: change.quantity, unitPriceCents: unit }, draft.id, unit * change.quantity));
        }
        return answer;
      });
    },

    /** PATCH /cart/{orderId}/items: sets quantities of lines of the caller's cart; answers the cart. */
    async setQuantities(orderId: number, body: PatchCartItemsRequest, session: ActiveSession, lang: Lang): Promise<CartOrder> {
      const customer = requireCustomer(session);
      return db.transaction(async (tx) => {
        const draft = await ownDraft(tx, orderId, session, customer);
        await assertChangeable(tx, draft);
        const lines = new Map((await prices.findCartLines(tx, draft.id, priceContext(customer, lang))).map((l) => [l.itemId, l]));
        const errors: FieldError[] = [];
        const updates: Array<[number, number]> = [];
        for (const [key, { quantity }] of Object.entries(body)) {
          const line = lines.get(Number(key));
          if (!line) throw itemNotFound(key);
          const problem = lineProblem(line, quantity);
          if (problem) errors.push({ field: `${key}.quantity`, message: problem.message });
          else updates.push([line.itemId, quantity]);
        }
        if (errors.length > 0) throw badRequest('invalid_quantity', joined(errors), errors);
        for (const [itemId, quantity] of updates) await repo.setLineQuantity(tx, draft.id, itemId, quantity);
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
        if ((await repo.deleteLines(tx, draft.id, [itemId])) === 0) throw itemNotFound(itemId);
        await repo.touchOrder(tx, draft.id, deps.now());
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
