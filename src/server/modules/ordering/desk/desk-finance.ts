import type { StaffFinanceChecksResponse } from '../../../../shared/api/staff-order';
import { notFound } from '../../../errors';
import { localized } from '../../../i18n';
import type { Actor } from '../../../context/actor';
import { recordAudit } from '../../audit/audit.service';
import { paidForOrders } from '../../payments/order-paid.service';
import type { DeskContext } from './desk.context';
import { DESK_MESSAGES } from './desk.messages';
import * as repo from './desk.repository';

/** Finance's part of the order desk (issue 42): paid orders canceled (a refund) or raised above what was paid. */

const FINANCE_LIST_LIMIT = 200;

/** GET /api/staff/finance/orders: what finance must still look at. */
export async function financeChecks({ db }: DeskContext): Promise<StaffFinanceChecksResponse> {
  const rows = await repo.findFinanceChecks(db, FINANCE_LIST_LIMIT);
  const paid = await paidForOrders(db, rows.map((row) => row.id));
  const data = rows.map((row) => ({
    uuid: row.uuid,
    order_number: row.orderNumber,
    state: row.state,
    reason: row.reason!,
    total_cents: row.totalCents ?? 0,
    paid_cents: paid.get(row.id) ?? null,
    flagged_at: row.changedAt.toISOString(),
    relation: { name: row.relationName, erp_number: row.relationErpNumber },
  }));
  return { data };
}

/** POST /api/staff/finance/orders/{order}/checked: finance settled it; audited with the change. */
export async function markFinanceChecked(ctx: DeskContext, uuid: string, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.markFinanceChecked(tx, uuid.toLowerCase(), ctx.deps.now());
    if (!row) throw notFound(localized(DESK_MESSAGES, 'no_finance_check'), 'no_finance_check');
    await recordAudit(tx, actor, { entity: 'order', entityId: row.id, relationId: row.relationId, action: 'order.finance_checked', before: { finance_check: row.reason }, after: { finance_check: null }, at: ctx.deps.now() });
  });
}
