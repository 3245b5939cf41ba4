import type { CartOrderItem } from '../../../../shared/api/cart';
import { businessDay } from '../../../../shared/delivery-date';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../../shared/api/cart';
import type { DbOrTx } from '../../../db/client';
import { AppError, type FieldError } from '../../../errors';
import { localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { Customer } from '../../../context/customer';
import { joined, lineProblem, paymentUnderwayError } from './cart-errors';
import * as lines from './cart-lines.repository';
import { unitPriceFor } from './cart-maths';
import * as prices from './cart-prices.repository';
import { toItem, priceContextOf, vatDayOf } from './cart-view';
import { CART_MESSAGES } from './cart.messages';
import * as repo from './cart.repository';
import { stockRefusal } from '../../stock/stock-checks';

/** One line to add: a variation and a quantity (negative takes off a line in the cart). */
export interface CartAddition {
  variationId: number;
  quantity: number;
}

export interface CartAddContext {
  userId: number;
  customer: Customer;
  lang: Lang;
  now: Date;
  apiBase: string;
}

/** The caller's cart, locked and marked changed; made when there is none. */
async function lockedDraft(tx: DbOrTx, { userId, customer, lang, now }: CartAddContext): Promise<repo.DraftRow> {
  const found = await repo.lockDraftMarkingChanged(tx, userId, customer.relationId, now);
  if (found) return found;
  await repo.createDraft(tx, {
    userId,
    relationId: customer.relationId,
    langcode: lang,
    deliveryAddressId: await repo.defaultDeliveryAddressId(tx, customer.relationId),
  });
  const made = await repo.lockDraftMarkingChanged(tx, userId, customer.relationId, now);
  if (!made) throw new Error('the cart could not be made');
  return made;
}

/**
 * Adds each line to the caller's cart inside `tx` (the cart made when there is none), combining
 * per variation; a negative quantity takes off a line in the cart, which goes at 0. All lines are
 * checked first: one bad line refuses the whole call (an AppError naming each line by its index)
 * and nothing changes. The cart add call and quick order both add through here.
 */
export async function addToCartIn(tx: DbOrTx, additions: readonly CartAddition[], context: CartAddContext): Promise<{ orderId: number; items: CartOrderItem[] }> {
  const { now } = context;
  // The cart, locked and marked changed (undone with the rest when the call is refused).
  const draft = await lockedDraft(tx, context);
  const deltas = new Map<number, { delta: number; index: number }>();
  additions.forEach((line, index) => {
    const entry = deltas.get(line.variationId);
    deltas.set(line.variationId, { delta: (entry?.delta ?? 0) + line.quantity, index: entry?.index ?? index });
  });
  // The answer's VAT is only shown until the cart is read again (with the relation's weekdays).
  const priceContext = priceContextOf(context.customer, context.lang, now, vatDayOf(draft.reqDlvDate, now, null));
  // One product (the usual click) in one statement with the cart's state; more in two.
  const [single] = deltas.size === 1 ? deltas.keys() : [];
  const state =
    single === undefined
      ? { ...(await lines.findChangeState(tx, draft.id, now)), variation: null }
      : await lines.findChangeStateWithVariation(tx, draft.id, now, single, priceContext);
  if (state.paymentUnderway) throw paymentUnderwayError();
  const found = single === undefined ? await prices.findSellableVariations(tx, [...deltas.keys()], priceContext) : state.variation ? [state.variation] : [];
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
    // More than is in stock: refused unless the article may be backordered (decision 030); less is always fine.
    const short = delta > 0 ? stockRefusal(variation, quantity, businessDay(context.now)) : null;
    if (short) {
      codes.add(short.code);
      errors.push({ field: `${index}.quantity`, message: short.message });
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
  const items: CartOrderItem[] = [];
  for (const change of changes) {
    let item: { itemId: number; itemUuid: string };
    if (change.itemId === null) {
      item = await lines.insertLine(tx, { orderId: draft.id, variationId: change.variation.variationId, productId: change.variation.productId, quantity: change.quantity });
    } else if (change.quantity <= 0) {
      await lines.deleteLines(tx, draft.id, [change.itemId]);
      continue;
    } else {
      await lines.setLineQuantity(tx, draft.id, change.itemId, change.quantity);
      item = { itemId: change.itemId, itemUuid: existing.get(change.variation.variationId)!.itemUuid };
    }
    // lineProblem passed, so the quantity has a price.
    const unit = unitPriceFor(change.quantity, change.variation.scaled, change.variation.quoted)!;
    items.push(toItem(context.apiBase, { ...change.variation, ...item, quantity: change.quantity, unitPriceCents: unit }, draft.id, unit * change.quantity));
  }
  return { orderId: draft.id, items };
}
