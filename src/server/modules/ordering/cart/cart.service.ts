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
import { isPaymentUnderway } from '../../payments/payment-underway.service';
import { orderSums, unitPriceFor } from './cart-maths';
import * as prices from './cart-prices.repository';
import { type PricedCart, type PricedLine, priceContextOf, toCart as cartOf, vatDayOf } from './cart-view';
import * as repo from './cart.repository';
import { bindTo } from '../bound';

export { adjustmentSnapshots, type PricedCart, type PricedLine, taxLabel, toApiAdjustments } from './cart-view';
export type { CartAddition } from './cart-add';
export type { SellableVariation } from './cart-prices.repository';

export interface CartDeps {
  apiBase: string;
  now: () => Date;
}

/** The database and what the cart's functions share. */
export interface CartContext {
  db: Db;
  deps: CartDeps;
}

/**
 * Prices on today's lists; VAT at the rates of the delivery date (decision 028): the cart's
 * date while it is still allowed, else the first date the customer may choose (what the
 * checkout then proposes). Without the relation's weekdays at hand, monday to friday.
 */
function priceContext({ deps }: CartContext, customer: Customer, lang: Lang, draft: { reqDlvDate: string | null } | null, deliveryDays: readonly string[] | null = null) {
  const now = deps.now();
  return priceContextOf(customer, lang, now, vatDayOf(draft?.reqDlvDate ?? null, now, deliveryDays));
}

/**
 * Prices the cart's lines as of now. Lines that can no longer be bought (product gone, no price
 * any more) leave the cart, as Commerce's order refresh does.
 */
export async function priceCart(ctx: CartContext, tx: DbOrTx, draft: repo.DraftRow, customer: Customer, lang: Lang): Promise<PricedCart> {
  const relation = await repo.findRelationTerms(tx, customer.relationId);
  if (!relation) throw noRelation();
  const rows = await prices.findCartLines(tx, draft.id, priceContext(ctx, customer, lang, draft, relation.deliveryDays));
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

/** The priced cart as the API answers it. */
export const toCart = ({ deps }: CartContext, cart: PricedCart, lang: Lang): CartOrder => cartOf(deps.apiBase, cart, lang);

/** The caller's own draft with that id, locked, or 404 (also for another customer's order). */
export async function ownDraft(_ctx: CartContext, tx: DbOrTx, orderId: number, session: ActiveSession, customer: Customer): Promise<repo.DraftRow> {
  const draft = await repo.findOwnDraftById(tx, orderId, session.user.id, customer.relationId, { lock: true });
  if (!draft) throw orderNotFound();
  return draft;
}

/**
 * While the payer is at the payment provider the order is what they are paying for: changes
 * wait until the payment is paid, failed, canceled or expired (decision 010).
 */
export async function assertChangeable({ deps }: CartContext, tx: DbOrTx, draft: repo.DraftRow): Promise<void> {
  if (await isPaymentUnderway(tx, draft.id, deps.now())) throw paymentUnderwayError();
}

async function currentCart(ctx: CartContext, tx: DbOrTx, draft: repo.DraftRow, customer: Customer, lang: Lang): Promise<CartOrder> {
  return toCart(ctx, await priceCart(ctx, tx, draft, customer, lang), lang);
}

/** A user's draft by id, locked (payments place orders without a session). */
export const draftById = (_ctx: CartContext, tx: DbOrTx, orderId: number, userId: number, relationId: number) =>
  repo.findOwnDraftById(tx, orderId, userId, relationId, { lock: true });

export const relationTerms = (_ctx: CartContext, tx: DbOrTx, relationId: number) => repo.findRelationTerms(tx, relationId);

/** GET /cart: the caller's cart for their relation as a list, empty without one. */
export async function view(ctx: CartContext, session: ActiveSession, lang: Lang): Promise<CartResponse> {
  const customer = customerOf(session);
  if (!customer) return [];
  return ctx.db.transaction(async (tx) => {
    const draft = await repo.findDraft(tx, session.user.id, customer.relationId, { lock: true });
    if (!draft) return [];
    return [await currentCart(ctx, tx, draft, customer, lang)];
  });
}

/** Adds to the caller's cart inside the caller's transaction (quick order adds through here). */
export function addIn({ deps }: CartContext, tx: DbOrTx, additions: readonly CartAddition[], session: ActiveSession, customer: Customer, lang: Lang) {
  return addToCartIn(tx, additions, { userId: session.user.id, customer, lang, now: deps.now(), apiBase: deps.apiBase });
}

/**
 * POST /cart/add: adds each line to the cart (made when there is none), combining per
 * variation; a negative quantity takes off a line in the cart, which goes at 0. One bad line
 * refuses the whole call and nothing changes (cart-add.ts).
 */
export async function add(ctx: CartContext, body: AddToCartRequest, session: ActiveSession, lang: Lang): Promise<CartOrderItem[]> {
  const customer = requireCustomer(session);
  const additions = body.map((line) => ({ variationId: line.purchased_entity_id, quantity: line.quantity }));
  return ctx.db.transaction(async (tx) => (await addIn(ctx, tx, additions, session, customer, lang)).items);
}

/** The variations with what they cost the customer today (quick order's preview). */
export const sellable = (ctx: CartContext, tx: DbOrTx, variationIds: number[], customer: Customer, lang: Lang) =>
  prices.findSellableVariations(tx, variationIds, priceContext(ctx, customer, lang, null));

/** The sum of the quantities in the cart (the header's count). */
export const quantityTotal = (_ctx: CartContext, tx: DbOrTx, orderId: number) => lines.quantityTotal(tx, orderId);

/** The same for the caller's cart, 0 without one. */
export async function currentQuantityTotal(_ctx: CartContext, tx: DbOrTx, session: ActiveSession, customer: Customer): Promise<number> {
  const draft = await repo.findDraft(tx, session.user.id, customer.relationId);
  return draft ? lines.quantityTotal(tx, draft.id) : 0;
}

/** The new quantities checked against the lines in the cart: the updates, or a 400 naming every refused line. */
function quantityUpdates(inCart: Map<number, prices.CartLineRow>, body: PatchCartItemsRequest, today: string): Array<[number, number]> {
  const errors: FieldError[] = [];
  const updates: Array<[number, number]> = [];
  for (const [key, { quantity }] of Object.entries(body)) {
    const line = inCart.get(Number(key));
    if (!line) throw itemNotFound(key);
    const problem = lineProblem(line, quantity) ?? (quantity > line.quantity ? stockRefusal(line, quantity, today) : null);
    if (problem) errors.push({ field: `${key}.quantity`, message: problem.message });
    else updates.push([line.itemId, quantity]);
  }
  if (errors.length > 0) throw badRequest('invalid_quantity', joined(errors), errors);
  return updates;
}

/** PATCH /cart/{orderId}/items: sets quantities of lines of the caller's cart; answers the cart. */
export async function setQuantities(ctx: CartContext, orderId: number, body: PatchCartItemsRequest, session: ActiveSession, lang: Lang): Promise<CartOrder> {
  const customer = requireCustomer(session);
  return ctx.db.transaction(async (tx) => {
    const draft = await ownDraft(ctx, tx, orderId, session, customer);
    await assertChangeable(ctx, tx, draft);
    const inCart = new Map((await prices.findCartLines(tx, draft.id, priceContext(ctx, customer, lang, draft))).map((l) => [l.itemId, l]));
    const updates = quantityUpdates(inCart, body, businessDay(ctx.deps.now()));
    for (const [itemId, quantity] of updates) await lines.setLineQuantity(tx, draft.id, itemId, quantity);
    await repo.touchOrder(tx, draft.id, ctx.deps.now());
    return currentCart(ctx, tx, draft, customer, lang);
  });
}

/** DELETE /cart/{orderId}/items/{itemId}. */
export async function removeItem(ctx: CartContext, orderId: number, itemId: number, session: ActiveSession): Promise<void> {
  const customer = requireCustomer(session);
  await ctx.db.transaction(async (tx) => {
    const draft = await ownDraft(ctx, tx, orderId, session, customer);
    await assertChangeable(ctx, tx, draft);
    if ((await lines.deleteLines(tx, draft.id, [itemId])) === 0) throw itemNotFound(itemId);
    await repo.touchOrder(tx, draft.id, ctx.deps.now());
  });
}

/** The cart (Commerce's Cart API, spec section 7): the functions above, bound to the database and deps. */
export function createCartService(db: Db, deps: CartDeps) {
  const bind = bindTo<CartContext>({ db, deps });
  return {
    priceCart: bind(priceCart),
    toCart: bind(toCart),
    ownDraft: bind(ownDraft),
    assertChangeable: bind(assertChangeable),
    draftById: bind(draftById),
    relationTerms: bind(relationTerms),
    view: bind(view),
    add: bind(add),
    addIn: bind(addIn),
    sellable: bind(sellable),
    quantityTotal: bind(quantityTotal),
    currentQuantityTotal: bind(currentQuantityTotal),
    setQuantities: bind(setQuantities),
    removeItem: bind(removeItem),
  };
}

export type CartService = ReturnType<typeof createCartService>;
