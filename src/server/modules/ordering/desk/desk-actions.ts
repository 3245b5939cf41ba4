import type { StaffOrder, StaffOrderAction, StaffOrderActionRequest } from '../../../../shared/api/staff-order';
import type { Tx } from '../../../db/client';
import { badRequest } from '../../../errors';
import { localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { Actor } from '../../../context/actor';
import { returnStockOfOrder } from '../../stock/stock.service';
import { transitionOrder } from '../order-transition';
import { cancelMail } from './desk-mail';
import { changedElsewhere, checkVersion, type DeskContext, type DeskOrder, loadOrder, orderUrlOf } from './desk.context';
import { DESK_MESSAGES } from './desk.messages';
import * as repo from './desk.repository';
import { eventOf, orderLangOf, staffOrderOf } from './desk-view';

/*
 * The order page's steps (issue 42, point 4), as named steps in one transaction: lock the order,
 * check the version the staff user saw, check the reason, take the step through the state machine
 * (its history and audit entry), raise the version (flagging a paid order's refund for finance),
 * put a cancel's goods back on the shelf, write the customer's mail of a cancel. `takeAction` reads as that list.
 */

/** Check the reason: a cancel needs one (what the customer and finance read). */
export function reasonFor(action: StaffOrderAction, reason: string | undefined): string | undefined {
  const given = reason?.trim() ?? '';
  if (action === 'cancel' && given === '') {
    const message = localized(DESK_MESSAGES, 'cancel_reason_required');
    throw badRequest('cancel_reason_required', message, [{ field: 'reason', message }]);
  }
  return given === '' ? undefined : given;
}

/** Raise the version; a paid order canceled is a refund for finance. */
async function raiseVersion({ deps }: DeskContext, tx: Tx, { order }: DeskOrder, action: StaffOrderAction, seen: number): Promise<void> {
  const refund = action === 'cancel' && order.paymentState === 'paid';
  if (!(await repo.raiseVersion(tx, order.id, seen, deps.now(), refund ? 'refund' : undefined))) throw changedElsewhere();
}

/** A canceled order no export has handed out puts its goods back on the shelf (decision 030); the ERP counts the rest. */
async function returnStock(tx: Tx, { order, lines }: DeskOrder, action: StaffOrderAction): Promise<void> {
  if (action !== 'cancel' || order.erpExportSeq !== null) return;
  await returnStockOfOrder(tx, lines.flatMap((l) => (l.variationId === null ? [] : [{ variationId: l.variationId, quantity: l.quantity }])));
}

/** The cancel mail in the customer's language, written with the change. */
async function enqueueCancelMail(ctx: DeskContext, tx: Tx, { order, user }: DeskOrder, reason: string): Promise<number | null> {
  if (!user.mail) return null;
  const lang = user.langcode === 'en' ? 'en' : 'nl';
  const mail = cancelMail({
    to: order.mail ?? user.mail,
    lang,
    shopName: ctx.deps.shopName,
    orderNumber: order.orderNumber ?? '',
    orderUrl: orderUrlOf(ctx, order.id, lang),
    reason,
    refund: order.paymentState === 'paid',
  });
  const [id = null] = await ctx.deps.outbox.enqueue(tx, [{ kind: 'order_canceled', ...mail }]);
  return id;
}

/** POST /api/staff/orders/{order}/actions/{action}: one step of the order, answered as the page shows it after. */
export async function takeAction(ctx: DeskContext, uuid: string, action: StaffOrderAction, body: StaffOrderActionRequest, actor: Actor, lang: Lang): Promise<StaffOrder> {
  const { mailId } = await ctx.db.transaction(async (tx) => {
    const loaded = await loadOrder(tx, uuid, { lock: true });
    checkVersion(loaded.order, body.version);
    const reason = reasonFor(action, body.reason);
    await transitionOrder(tx, loaded.order.id, eventOf(action), actor, { reason, at: ctx.deps.now() });
    await raiseVersion(ctx, tx, loaded, action, body.version);
    await returnStock(tx, loaded, action);
    return { mailId: action === 'cancel' ? await enqueueCancelMail(ctx, tx, loaded, reason!) : null };
  });
  // After the commit: what does not go now, the outbox's job sends (decision 033).
  if (mailId !== null) void ctx.deps.outbox.deliver([mailId]);
  const after = await loadOrder(ctx.db, uuid);
  return staffOrderOf(after.order, after.lines, after.relation, after.user, ctx.deps.now(), lang ?? orderLangOf(after.order));
}
