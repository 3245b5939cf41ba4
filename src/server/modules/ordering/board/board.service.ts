import { BOARD_EXPORT_MAX, BOARD_STATES, type BoardState, type StaffBoardFilters, type StaffBoardResponse } from '../../../../shared/api/staff-orders';
import type { Db } from '../../../db/client';
import type { Lang } from '../../../plugins/language';
import { bindTo } from '../bound';
import { type BoardFile, boardFile } from './board-export';
import * as repo from './board.repository';

export interface BoardDeps {
  now: () => Date;
}

interface BoardContext {
  db: Db;
  deps: BoardDeps;
}

/** The query's filters as the repository takes them. */
export function filterOf(query: StaffBoardFilters): repo.BoardFilter {
  return {
    states: [...new Set(query.state)],
    deliveryFrom: query.delivery_from,
    deliveryUntil: query.delivery_until,
    relationUuid: query.customer?.toLowerCase(),
    paymentMethod: query.payment_method,
    search: query.q,
  };
}

/** The filter with the relations its search matched, looked up first (the orders' search then uses its indexes). */
async function resolvedFilter(ctx: BoardContext, query: StaffBoardFilters): Promise<repo.BoardFilter> {
  const filter = filterOf(query);
  return filter.search ? { ...filter, searchRelationIds: await repo.findRelationsMatching(ctx.db, filter.search) } : filter;
}

/** A row as the board's contract says it. */
function boardOrderOf(row: repo.BoardRow): StaffBoardResponse['data'][number] {
  return {
    id: row.uuid,
    drupal_internal__order_id: row.id,
    order_number: row.orderNumber,
    placed_at: (row.placedAt ?? new Date(0)).toISOString(),
    delivery_date: row.reqDlvDate,
    state: row.state as BoardState,
    customer: { id: row.relationUuid, name: row.relationName, erp_number: row.relationErpNumber },
    payment_method: { id: row.paymentMethodId, label: row.paymentMethodLabel },
    payment_status: row.paymentState,
    po_reference: row.poReference,
    total_cents: row.totalCents ?? 0,
  };
}

/** Count: per state (zeros included), and the orders of the states filtered on (all when none). */
async function countsOf(ctx: BoardContext, filter: repo.BoardFilter) {
  const rows = await repo.countBoardOrders(ctx.db, filter);
  const counts = Object.fromEntries(BOARD_STATES.map((s) => [s, 0])) as Record<BoardState, number>;
  for (const row of rows) if (row.state in counts) counts[row.state as BoardState] = row.count;
  const shown = filter.states.length > 0 ? filter.states : BOARD_STATES;
  return { counts, count: shown.reduce((sum, s) => sum + counts[s], 0) };
}

/** GET /api/staff/orders: a page of the board, with the counts per state. */
export async function boardPage(ctx: BoardContext, query: StaffBoardFilters & { page: number; per_page: number }): Promise<StaffBoardResponse> {
  const filter = await resolvedFilter(ctx, query);
  const [rows, { counts, count }] = await Promise.all([repo.findBoardOrders(ctx.db, filter, query.per_page, (query.page - 1) * query.per_page), countsOf(ctx, filter)]);
  return { data: rows.map(boardOrderOf), meta: { count, page: query.page, per_page: query.per_page, counts } };
}

/** GET /api/staff/orders/export: the filtered list (at most BOARD_EXPORT_MAX rows, the newest first) as CSV or XLSX. */
export async function boardExport(ctx: BoardContext, query: StaffBoardFilters & { format: 'csv' | 'xlsx' }, lang: Lang): Promise<BoardFile> {
  const rows = await repo.findBoardOrders(ctx.db, await resolvedFilter(ctx, query), BOARD_EXPORT_MAX, 0);
  return boardFile(rows.map(boardOrderOf), query.format, lang, ctx.deps.now());
}

/** The staff orders board (issue 42, point 3): every customer's placed orders, filtered, paged and exported. */
export function createBoardService(db: Db, deps: BoardDeps) {
  const bind = bindTo<BoardContext>({ db, deps });
  return { boardPage: bind(boardPage), boardExport: bind(boardExport) };
}

export type BoardService = ReturnType<typeof createBoardService>;
