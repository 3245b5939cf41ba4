import type { StaffOrder, StaffOrderChangePreview, StaffOrderChangeRequest, StaffOrderLine, StaffOrderLineChange } from '../../../../shared/api/staff-order';
import { businessDay } from '../../../../shared/delivery-date';
import type { Tx } from '../../../db/client';
import { AppError, badRequest, type FieldError } from '../../../errors';
import { localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { Actor } from '../../../context/actor';
import { recordAudit } from '../../audit/audit.service';
import { paidForOrder } from '../../payments/order-paid.service';
import { joined, lineProblem } from '../cart/cart-errors';
import * as cartLines from '../cart/cart-lines.repository';
import { adjustmentSnapshots, type PricedCart } from '../cart/cart.service';
import { dateProblem } from '../checkout/checkout-checks';
import * as checkoutRepo from '../checkout/checkout.repository';
import { findVariationsByArticle } from '../../catalog/catalog-sql.service';
import { retakeStockForOrder } from '../../stock/stock.service';
import { changeWindow } from './change-window';
import { changeMail } from './desk-mail';
import { changedElsewhere, checkVersion, type DeskContext, type DeskOrder, loadOrder, orderUrlOf } from './desk.context';
import { DESK_MESSAGES } from './desk.messages';
import * as repo from './desk.repository';
import { orderLangOf, placedLineOf, pricedLinesOf, pricedTotalsOf, staffOrderOf, totalsOf } from './desk-view';

/*
 * Changing a placed order (issue 42, point 5), as named steps in one transaction: lock the order,
 * check the version and the change window, check the date and the lines, write the lines, price
 * the order as the cart does (the customer's prices today, the VAT of the delivery date), compare.
 * The preview then rolls everything back; the save keeps the new sums and line snapshots, raises
 * the version (flagging a paid order raised above what was paid), writes the audit entry and the
 * customer's mail. Nothing here prices: the cart's `priceCart` does.
 */

/** Thrown to roll the preview's transaction back, carrying what it found. */
class PreviewDone extends Error {
  constructor(readonly preview: StaffOrderChangePreview) {
    super('preview rolled back');
  }
}

/** Check the window: still `placed` (not exported) and before its cut-off, else 409. */
export function checkWindow(ctx: DeskContext, { order, relation }: DeskOrder): void {
  const window = changeWindow(order.state, order.reqDlvDate, ctx.deps.now(), relation.deliveryDays);
  if (window.allowed) return;
  if (window.closed === 'not_placed') throw new AppError(409, 'change_closed_not_placed', localized(DESK_MESSAGES, 'change_closed_not_placed'));
  const at = window.until ?? ctx.deps.now();
  const until = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(at);
  throw new AppError(409, 'change_closed_cut_off', {
    nl: DESK_MESSAGES.nl.change_closed_cut_off({ until: until('nl-NL') }),
    en: DESK_MESSAGES.en.change_closed_cut_off({ until: until('en-GB') }),
  });
}

/** Check the date: unchanged, or a day the relation may have delivered now (the checkout's rule). */
export async function checkDate(ctx: DeskContext, tx: Tx, { order }: DeskOrder, date: string): Promise<void> {
  if (date === order.reqDlvDate) return;
  const terms = await ctx.deps.cart.relationTerms(tx, order.relationId);
  if (!terms) return;
  const problem = dateProblem(date, terms, ctx.deps.now());
  if (problem) throw badRequest(problem.code, problem.text, [{ field: 'delivery_date', message: problem.text }]);
}

/** A line of the change named by its variation (an article number resolved). */
export interface WantedLine {
  variation_id: number;
  quantity: number;
}

/** Resolve: lines added by article number get their variation; an unknown number is a 400. */
export async function resolveArticles(tx: Tx, lines: StaffOrderChangeRequest['lines']): Promise<WantedLine[]> {
  const skus = lines.flatMap((l) => (l.variation_id === undefined && l.sku !== undefined ? [l.sku] : []));
  const found = new Map((await findVariationsByArticle(tx, skus)).map((row) => [row.article, row.variationId]));
  const errors: FieldError[] = [];
  const wanted = lines.map((line, i) => {
    const id = line.variation_id ?? found.get(line.sku!.toLowerCase());
    if (id === undefined) errors.push({ field: `lines.${i}.sku`, message: localized(DESK_MESSAGES, 'unknown_article', { sku: line.sku! }) });
    return { variation_id: id ?? 0, quantity: line.quantity };
  });
  if (errors.length > 0) throw badRequest('invalid_lines', joined(errors), errors);
  return wanted;
}

/** Check the lines: each variation once, each for sale to the customer in a quantity it may have. */
export async function checkLines(ctx: DeskContext, tx: Tx, { order, relation }: DeskOrder, lines: readonly WantedLine[]) {
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.variation_id)) throw badRequest('duplicate_variation', localized(DESK_MESSAGES, 'duplicate_variation', { id: line.variation_id }));
    seen.add(line.variation_id);
  }
  const customer = { relationId: order.relationId, pricelist: relation.pricelist };
  const found = new Map((await ctx.deps.cart.sellable(tx, [...seen], customer, orderLangOf(order))).map((v) => [v.variationId, v]));
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    const variation = found.get(line.variation_id);
    const problem = variation ? lineProblem(variation, line.quantity) : { message: localized(DESK_MESSAGES, 'unknown_variation', { id: line.variation_id }) };
    if (problem) errors.push({ field: `lines.${i}.quantity`, message: problem.message });
  });
  if (errors.length > 0) throw badRequest('invalid_lines', joined(errors), errors);
  return { customer, found };
}

/** Write the lines: quantities set, lines left out removed, new variations added. */
async function writeLines(tx: Tx, { order, lines }: DeskOrder, wanted: readonly WantedLine[], found: Map<number, { productId: number }>): Promise<void> {
  const byVariation = new Map(lines.flatMap((l) => (l.variationId === null ? [] : [[l.variationId, l] as const])));
  const keep = new Set(wanted.map((l) => l.variation_id));
  await cartLines.deleteLines(tx, order.id, lines.filter((l) => l.variationId === null || !keep.has(l.variationId)).map((l) => l.id));
  for (const line of wanted) {
    const current = byVariation.get(line.variation_id);
    if (current) {
      if (current.quantity !== line.quantity) await cartLines.setLineQuantity(tx, order.id, current.id, line.quantity);
    } else {
      await cartLines.insertLine(tx, { orderId: order.id, variationId: line.variation_id, productId: found.get(line.variation_id)!.productId, quantity: line.quantity });
    }
  }
}

/** Price: the order with its new lines and date, as the cart prices a cart. */
function priceOrder(ctx: DeskContext, tx: Tx, { order }: DeskOrder, customer: { relationId: number; pricelist: string }, date: string): Promise<PricedCart> {
  const draft = { id: order.id, uuid: order.uuid, userId: order.userId, relationId: order.relationId, shippingMethodId: order.shippingMethodId, paymentMethodId: order.paymentMethodId, deliveryAddressId: order.deliveryAddressId, reqDlvDate: date, poReference: order.poReference, customerComment: order.customerComment };
  return ctx.deps.cart.priceCart(tx, draft, customer, orderLangOf(order));
}

/**
 * Stock: an order no export has handed out gives back what it took and takes its new lines, as at
 * placing (decision 030); its backorders are noted anew. Once the ERP has the order, its stock
 * figure counts the change.
 */
async function retakeStock(ctx: DeskContext, tx: Tx, { order, lines }: DeskOrder, priced: PricedCart): Promise<void> {
  if (order.erpExportSeq !== null) return;
  const before = lines.flatMap((l) => (l.variationId === null ? [] : [{ variationId: l.variationId, quantity: l.quantity }]));
  const taken = await retakeStockForOrder(tx, before, priced.lines, businessDay(ctx.deps.now()));
  await checkoutRepo.clearBackorders(tx, order.id);
  await checkoutRepo.markBackorders(tx, order.id, taken.lines);
}

/** Compare: what changed per line, old against new. */
export function lineChanges(before: readonly StaffOrderLine[], after: readonly StaffOrderLine[]): StaffOrderLineChange[] {
  const key = (l: StaffOrderLine) => l.variation_id ?? -l.item_id;
  const old = new Map(before.map((l) => [key(l), l]));
  const changes: StaffOrderLineChange[] = [];
  const side = (l: StaffOrderLine) => ({ variation_id: l.variation_id, sku: l.sku, title: l.title });
  for (const l of after) {
    const was = old.get(key(l));
    old.delete(key(l));
    if (!was) changes.push({ kind: 'added', ...side(l), quantity_before: null, quantity_after: l.quantity, total_before_cents: null, total_after_cents: l.total_cents });
    else if (was.quantity !== l.quantity || was.total_cents !== l.total_cents) {
      changes.push({ kind: was.quantity !== l.quantity ? 'quantity' : 'price', ...side(l), quantity_before: was.quantity, quantity_after: l.quantity, total_before_cents: was.total_cents, total_after_cents: l.total_cents });
    }
  }
  for (const was of old.values()) changes.push({ kind: 'removed', ...side(was), quantity_before: was.quantity, quantity_after: null, total_before_cents: was.total_cents, total_after_cents: null });
  return changes;
}

/** Lock, check, write and price: the order before and after, in the caller's transaction. */
async function applyChange(ctx: DeskContext, tx: Tx, uuid: string, body: StaffOrderChangeRequest, lang: Lang) {
  const loaded = await loadOrder(tx, uuid, { lock: true });
  checkVersion(loaded.order, body.version);
  checkWindow(ctx, loaded);
  await checkDate(ctx, tx, loaded, body.delivery_date);
  const wanted = await resolveArticles(tx, body.lines);
  const { customer, found } = await checkLines(ctx, tx, loaded, wanted);
  await writeLines(tx, loaded, wanted, found);
  const priced = await priceOrder(ctx, tx, loaded, customer, body.delivery_date);
  await retakeStock(ctx, tx, loaded, priced);
  const { order } = loaded;
  const orderLang = orderLangOf(order);
  const beforeLines = loaded.lines.map((l) => placedLineOf(l, orderLang));
  const afterLines = pricedLinesOf(priced);
  const paid = order.paymentState === 'paid' ? ((await paidForOrder(tx, order.id)) ?? order.totalCents ?? 0) : null;
  const preview: StaffOrderChangePreview = {
    before: { delivery_date: order.reqDlvDate, lines: beforeLines, totals: totalsOf(order.subtotalCents ?? 0, order.adjustments ?? [], order.totalCents ?? 0, lang) },
    after: { delivery_date: body.delivery_date, lines: afterLines, totals: pricedTotalsOf(priced, orderLang, lang) },
    changes: lineChanges(beforeLines, afterLines),
    date_changed: body.delivery_date !== order.reqDlvDate,
    difference_cents: priced.sums.totalCents - (order.totalCents ?? 0),
    finance_check: paid !== null && priced.sums.totalCents > paid,
  };
  return { loaded, priced, preview };
}

/** POST /api/staff/orders/{order}/changes/preview: the change worked out and rolled back. */
export async function previewChange(ctx: DeskContext, uuid: string, body: StaffOrderChangeRequest, lang: Lang): Promise<StaffOrderChangePreview> {
  try {
    await ctx.db.transaction(async (tx) => {
      throw new PreviewDone((await applyChange(ctx, tx, uuid, body, lang)).preview);
    });
  } catch (err) {
    if (err instanceof PreviewDone) return err.preview;
    throw err;
  }
  throw new Error('the preview did not roll back');
}

/** What the audit entry keeps of one side of a change. */
const auditSide = (side: StaffOrderChangePreview['before']) => ({
  delivery_date: side.delivery_date,
  lines: side.lines.map((l) => ({ variation_id: l.variation_id, sku: l.sku, quantity: l.quantity, unit_price_cents: l.unit_price_cents, total_cents: l.total_cents })),
  subtotal_cents: side.totals.subtotal_cents,
  total_cents: side.totals.total_cents,
});

/** Keep: the new line snapshots, date and sums; the version raised, flagged for finance when raised above what was paid. */
async function keepChange(ctx: DeskContext, tx: Tx, { order }: DeskOrder, priced: PricedCart, preview: StaffOrderChangePreview, seen: number): Promise<void> {
  await checkoutRepo.snapshotLines(
    tx,
    priced.lines.map((line, i) => ({ itemId: line.itemId, variationId: line.variationId, title: line.title, sku: line.sku, unitPriceCents: line.unitPriceCents, totalCents: priced.sums.lineTotals[i] ?? 0, taxRate: line.taxRate })),
  );
  await repo.saveChangedSums(tx, order.id, {
    reqDlvDate: preview.after.delivery_date!,
    subtotalCents: priced.sums.subtotalCents,
    adjustments: adjustmentSnapshots(priced.sums, order.shippingMethodLabel ?? priced.shipping?.label ?? null, orderLangOf(order)),
    totalCents: priced.sums.totalCents,
  });
  if (!(await repo.raiseVersion(tx, order.id, seen, ctx.deps.now(), preview.finance_check ? 'underpaid' : undefined))) throw changedElsewhere();
}

/** The customer's mail listing what changed, in their language. */
async function enqueueChangeMail(ctx: DeskContext, tx: Tx, { order, user }: DeskOrder, preview: StaffOrderChangePreview): Promise<number | null> {
  if (!user.mail) return null;
  const lang = user.langcode === 'en' ? 'en' : 'nl';
  const mail = changeMail({
    to: order.mail ?? user.mail,
    lang,
    shopName: ctx.deps.shopName,
    orderNumber: order.orderNumber ?? '',
    orderUrl: orderUrlOf(ctx, order.id, lang),
    changes: preview.changes,
    dateBefore: preview.before.delivery_date,
    dateAfter: preview.after.delivery_date,
    totalBeforeCents: preview.before.totals.total_cents,
    totalAfterCents: preview.after.totals.total_cents,
  });
  const [id = null] = await ctx.deps.outbox.enqueue(tx, [{ kind: 'order_changed', ...mail }]);
  return id;
}

/** A change that changes nothing is refused (no version, mail or audit entry for it). */
function checkSomethingChanged(preview: StaffOrderChangePreview): void {
  if (preview.changes.length === 0 && !preview.date_changed && preview.difference_cents === 0) {
    throw badRequest('no_change', localized(DESK_MESSAGES, 'no_change'));
  }
}

/** POST /api/staff/orders/{order}/changes: the change kept, audited and mailed; answers the order as the page shows it. */
export async function saveChange(ctx: DeskContext, uuid: string, body: StaffOrderChangeRequest, actor: Actor, lang: Lang): Promise<StaffOrder> {
  const mailId = await ctx.db.transaction(async (tx) => {
    const { loaded, priced, preview } = await applyChange(ctx, tx, uuid, body, lang);
    checkSomethingChanged(preview);
    await keepChange(ctx, tx, loaded, priced, preview, body.version);
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: loaded.order.id,
      relationId: loaded.order.relationId,
      action: 'order.change',
      before: auditSide(preview.before),
      after: { ...auditSide(preview.after), ...(preview.finance_check ? { finance_check: 'underpaid' } : {}) },
      at: ctx.deps.now(),
    });
    return enqueueChangeMail(ctx, tx, loaded, preview);
  });
  if (mailId !== null) void ctx.deps.outbox.deliver([mailId]);
  const after = await loadOrder(ctx.db, uuid);
  return staffOrderOf(after.order, after.lines, after.relation, after.user, ctx.deps.now(), lang);
}
