import { and, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { BoardState } from '../../../../shared/api/staff-orders';
import type { DbOrTx } from '../../../db/client';
import { containsPattern, prefixPattern } from '../../../db/like';
import { orders, relations } from '../../../db/schema';

// The staff orders board's statements on the ordering module's orders (issue 42, point 3).

export interface BoardFilter {
  /** None: every state. */
  states: readonly BoardState[];
  deliveryFrom?: string;
  deliveryUntil?: string;
  relationUuid?: string;
  paymentMethod?: string;
  /** On the order number, the relation's name or number and the PO reference; '' for none. */
  search: string;
  /** The relations the search matched (findRelationsMatching). */
  searchRelationIds?: readonly number[];
}

/** The relations whose name or number holds the search (a small table, read once a request). */
export async function findRelationsMatching(db: DbOrTx, search: string): Promise<number[]> {
  const pattern = containsPattern(search);
  const rows = await db
    .select({ id: relations.id })
    .from(relations)
    .where(sql`${relations.name} ilike ${pattern} or ${relations.erpNumber} ilike ${pattern}`);
  return rows.map((r) => r.id);
}

/**
 * The search: an order number or PO reference that starts with it (their indexes, migration
 * 0031; a number alone is also the order number it ends in, W0000081 for 81) or an order of a
 * relation that matched (`relationIds`, found first). Each part can use an index, so PostgreSQL
 * combines them (a bitmap OR) instead of reading every order; the PO reference's index holds
 * only orders that have one, hence its `<> ''`.
 */
function searchCondition(search: string, relationIds: readonly number[]): SQL {
  const prefix = prefixPattern(search);
  const parts: SQL[] = [sql`${orders.orderNumber} like ${prefix.toUpperCase()}`, sql`(${orders.poReference} <> '' and lower(${orders.poReference}) like ${prefix.toLowerCase()})`];
  if (/^\d{1,7}$/.test(search)) parts.push(eq(orders.orderNumber, `W${search.padStart(7, '0')}`));
  if (relationIds.length > 0) parts.push(inArray(orders.relationId, [...relationIds]));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Every condition but the state filter: placed orders (the board's index), then the filters given. */
function conditions(filter: BoardFilter): SQL[] {
  const where: SQL[] = [isNotNull(orders.placedAt)];
  if (filter.deliveryFrom) where.push(gte(orders.reqDlvDate, filter.deliveryFrom));
  if (filter.deliveryUntil) where.push(lte(orders.reqDlvDate, filter.deliveryUntil));
  if (filter.relationUuid) where.push(sql`${orders.relationId} = (select ${relations.id} from ${relations} where ${relations.uuid} = ${filter.relationUuid})`);
  if (filter.paymentMethod) where.push(eq(orders.paymentMethodId, filter.paymentMethod));
  if (filter.search) where.push(searchCondition(filter.search, filter.searchRelationIds ?? []));
  return where;
}

const withStates = (filter: BoardFilter) => (filter.states.length > 0 ? [...conditions(filter), inArray(orders.state, [...filter.states])] : conditions(filter));

/** A page of the matching orders: the newest delivery date first, within a day the newest placed first (the board's index, backwards). */
export async function findBoardOrders(db: DbOrTx, filter: BoardFilter, limit: number, offset: number) {
  return db
    .select({
      id: orders.id,
      uuid: orders.uuid,
      orderNumber: orders.orderNumber,
      placedAt: orders.placedAt,
      reqDlvDate: orders.reqDlvDate,
      state: orders.state,
      relationUuid: relations.uuid,
      relationName: relations.name,
      relationErpNumber: relations.erpNumber,
      paymentMethodId: orders.paymentMethodId,
      paymentMethodLabel: orders.paymentMethodLabel,
      paymentState: orders.paymentState,
      poReference: orders.poReference,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .innerJoin(relations, eq(relations.id, orders.relationId))
    .where(and(...withStates(filter)))
    .orderBy(desc(orders.reqDlvDate), desc(orders.placedAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}
export type BoardRow = Awaited<ReturnType<typeof findBoardOrders>>[number];

/** Per state, the orders matching every filter but the state filter. */
export async function countBoardOrders(db: DbOrTx, filter: BoardFilter): Promise<Array<{ state: string; count: number }>> {
  return db
    .select({ state: orders.state, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...conditions(filter)))
    .groupBy(orders.state);
}
