import type { StaffOrder } from '../../../../shared/api/staff-order';
import type { Db } from '../../../db/client';
import type { Lang } from '../../../plugins/language';
import { bindTo } from '../bound';
import { previewChange, saveChange } from './desk-change';
import { takeAction } from './desk-actions';
import { financeChecks, markFinanceChecked } from './desk-finance';
import { type DeskContext, type DeskDeps, loadOrder } from './desk.context';
import { staffOrderOf } from './desk-view';

export type { DeskDeps } from './desk.context';

/** GET /api/staff/orders/{order}: the order as the staff page shows it. */
export async function staffOrder(ctx: DeskContext, uuid: string, lang: Lang): Promise<StaffOrder> {
  const { order, lines, relation, user } = await loadOrder(ctx.db, uuid);
  return staffOrderOf(order, lines, relation, user, ctx.deps.now(), lang);
}

/**
 * The staff order desk (issue 42, points 4, 5 and 10): one order for staff, its steps through the
 * state machine (desk-actions.ts) and changing it until it goes to the ERP (desk-change.ts).
 */
export function createDeskService(db: Db, deps: DeskDeps) {
  const bind = bindTo<DeskContext>({ db, deps });
  return {
    staffOrder: bind(staffOrder),
    takeAction: bind(takeAction),
    previewChange: bind(previewChange),
    saveChange: bind(saveChange),
    financeChecks: bind(financeChecks),
    markFinanceChecked: bind(markFinanceChecked),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
