import type { CartOrderItem } from '../../../../shared/api/cart';
import { businessDay } from '../../../../shared/delivery-date';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../../shared/api/cart';
import type { DbOrTx } from '../../../db/client';
import { AppError, type FieldError } from '../../../errors';
import { type Localized, localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { Customer } from '../../../context/customer';
import { joined, lineProblem, paymentUnderwayError } from './cart-errors';
import * as lines from './cart-lines.repository';
import { unitPriceFor } from './cart-maths';
import * as prices from './cart-prices.repository';
import { toItem, priceContextOf, vatDayOf } from './cart-view';
import { CART_MESSAGES } from './cart.messages';
import * as repo from './cart.repository';
import { defaultDeliveryAddressId } from '../../account/addresses.service';
import { stockRefusal } from '../../stock/stock-checks';

/*
 * Adding to the cart, as named steps in the caller's transaction: lock the cart (made when there
 * is none), resolve the variations and the lines in the cart, validate every line, write the
 * changes, answer the lines written. `addToCartIn` reads as that list; the cart add call and quick
 * order both add through it.
 */

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

/** The additions combined per variation: the sum of the quantities, and the index of its first line (errors name it). */
type Deltas = Map<number, { delta: number; index: number }>;

/** What the additions meet: the variations with their prices today and the cart's lines. */
interface Resolved {
  variations: Map<number, prices.SellableVariation>;
  existing: Map<number, lines.LineQuantity>;
}

/** A line as it will be: new (`itemId` null), a new quantity, or gone (quantity 0 or less). */
interface Change {
  variation: prices.SellableVariation;
  itemId: number | null;
  quantity: number;
}

/** A refused line: its code and the field error naming it. */
type Refusal = { code: string; error: FieldError };

/** Lock: the caller's cart, locked and marked changed (undone with the rest when the call is refused); made when there is none. */
export async function lockCart(tx: DbOrTx, { userId, customer, lang, now }: CartAddContext): Promise<repo.DraftRow> {
  const found = await repo.lockDraftMarkingChanged(tx, userId, customer.relationId, now);
  if (found) return found;
  await repo.createDraft(tx, {
    userId,
    relationId: customer.relationId,
    langcode: lang,
    deliveryAddressId: await defaultDeliveryAddressId(tx, customer.relationId),
  });
  const made = await repo.lockDraftMarkingChanged(tx, userId, customer.relationId, now);
  if (!made) throw new Error('the cart could not be made');
  return made;
}

function deltasOf(additions: readonly CartAddition[]): Deltas {
  const deltas: Deltas = new Map();
  additions.forEach((line, index) => {
    const entry = deltas.get(line.variationId);
    deltas.set(line.variationId, { delta: (entry?.delta ?? 0) + line.quantity, index: entry?.index ?? index });
  });
  return deltas;
}

/**
 * Resolve: refused while a payment of the cart is under way; else the added variations with what
 * they cost today, and the quantities of the lines in the cart (prices are worked out for the
 * added variations alone).
 */
export async function resolveAdditions(tx: DbOrTx, draft: repo.DraftRow, deltas: Deltas, context: CartAddContext): Promise<Resolved> {
  const { now } = context;
  const state = await lines.findChangeState(tx, draft.id, now);
  if (state.paymentUnderway) throw paymentUnderwayError();
  // The answer's VAT is only shown until the cart is read again (with the relation's weekdays).
  const priceContext = priceContextOf(context.customer, context.lang, now, vatDayOf(draft.reqDlvDate, now, null));
  const found = await prices.findSellableVariations(tx, [...deltas.keys()], priceContext);
  return { variations: new Map(found.map((v) => [v.variationId, v])), existing: new Map(state.lines.map((l) => [l.variationId, l])) };
}

const refusal = (code: string, field: string, message: Localized): Refusal => ({ code, error: { field, message } });

/** One combined line checked: the change it makes, or why it is refused. */
function checkLine(variationId: number, { delta, index }: { delta: number; index: number }, resolved: Resolved, today: string): Change | Refusal {
  const variation = resolved.variations.get(variationId);
  if (!variation) return refusal('unknown_variation', `${index}.purchased_entity_id`, localized(CART_MESSAGES, 'no_such_variation', { id: variationId }));
  const { sku } = variation;
  const line = resolved.existing.get(variationId);
  const quantity = (line?.quantity ?? 0) + delta;
  if (!line && delta < 0) return refusal('not_in_cart', `${index}.quantity`, localized(CART_MESSAGES, 'not_in_cart', { sku }));
  if (quantity > MAX_LINE_QUANTITY) return refusal('too_many', `${index}.quantity`, localized(CART_MESSAGES, 'too_many', { sku, max: MAX_LINE_QUANTITY }));
  const problem = quantity > 0 ? lineProblem(variation, quantity) : null;
  if (problem) return refusal(problem.code, `${index}.purchased_entity_id`, problem.message);
  // More than is in stock: refused unless the article may be backordered (decision 030); less is always fine.
  const short = delta > 0 ? stockRefusal(variation, quantity, today) : null;
  if (short) return refusal(short.code, `${index}.quantity`, short.message);
  return { variation, itemId: line?.itemId ?? null, quantity };
}

/**
 * Validate: every line checked first; one bad line refuses the whole call (an AppError naming
 * each line by its index, 404 when all name unknown variations) and nothing changes.
 */
export function validateAdditions(deltas: Deltas, resolved: Resolved, context: CartAddContext): Change[] {
  const today = businessDay(context.now);
  const changes: Change[] = [];
  const refusals: Refusal[] = [];
  for (const [variationId, delta] of deltas) {
    const checked = checkLine(variationId, delta, resolved, today);
    if ('variation' in checked) changes.push(checked);
    else refusals.push(checked);
  }
  const newLines = changes.filter((c) => c.itemId === null && c.quantity > 0).length;
  if (refusals.length === 0 && resolved.existing.size + newLines > MAX_CART_LINES) {
    refusals.push(refusal('cart_full', 'body', localized(CART_MESSAGES, 'cart_full', { max: MAX_CART_LINES })));
  }
  if (refusals.length > 0) {
    const codes = new Set(refusals.map((r) => r.code));
    const code = codes.size === 1 ? [...codes][0]! : 'invalid_lines';
    const errors = refusals.map((r) => r.error);
    throw new AppError(code === 'unknown_variation' ? 404 : 400, code, joined(errors), errors);
  }
  return changes;
}

/** Write: inserts, sets or deletes each changed line; answers the lines still in the cart with their ids. */
export async function writeChanges(tx: DbOrTx, draft: repo.DraftRow, changes: readonly Change[], resolved: Resolved) {
  const written: Array<Change & { itemId: number; itemUuid: string }> = [];
  for (const change of changes) {
    if (change.itemId === null) {
      const item = await lines.insertLine(tx, { orderId: draft.id, variationId: change.variation.variationId, productId: change.variation.productId, quantity: change.quantity });
      written.push({ ...change, ...item });
    } else if (change.quantity <= 0) {
      await lines.deleteLines(tx, draft.id, [change.itemId]);
    } else {
      await lines.setLineQuantity(tx, draft.id, change.itemId, change.quantity);
      written.push({ ...change, itemId: change.itemId, itemUuid: resolved.existing.get(change.variation.variationId)!.itemUuid });
    }
  }
  return written;
}

/** Answer: the written lines as the cart add call answers them. */
export function answerOf(draft: repo.DraftRow, written: Awaited<ReturnType<typeof writeChanges>>, apiBase: string): CartOrderItem[] {
  return written.map(({ variation, itemId, itemUuid, quantity }) => {
    // lineProblem passed, so the quantity has a price.
    const unit = unitPriceFor(quantity, variation.scaled, variation.quoted)!;
    return toItem(apiBase, { ...variation, itemId, itemUuid, quantity, unitPriceCents: unit }, draft.id, unit * quantity);
  });
}

/**
 * Adds each line to the caller's cart inside `tx` (the cart made when there is none), combining
 * per variation; a negative quantity takes off a line in the cart, which goes at 0. All lines are
 * checked first: one bad line refuses the whole call and nothing changes.
 */
export async function addToCartIn(tx: DbOrTx, additions: readonly CartAddition[], context: CartAddContext): Promise<{ orderId: number; items: CartOrderItem[] }> {
  const draft = await lockCart(tx, context);
  const deltas = deltasOf(additions);
  const resolved = await resolveAdditions(tx, draft, deltas, context);
  const changes = validateAdditions(deltas, resolved, context);
  const written = await writeChanges(tx, draft, changes, resolved);
  return { orderId: draft.id, items: answerOf(draft, written, context.apiBase) };
}
