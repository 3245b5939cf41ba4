import { and, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { BoardState } from '../../../../shared/api/staff-orders';
import type { DbOrTx } from '../../../db/client';
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
}

/** A search as a LIKE pattern that finds it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every condition but the state filter: placed orders (the board's index), then the filters given. */
function conditions(filter: BoardFilter): SQL[] {
  const where: SQL[] = [isNotNull(orders.placedAt)];
  if (filter.deliveryFrom) where.push(gte(orders.reqDlvDate, filter.deliveryFrom));
  if (filter.deliveryUntil) where.push(lte(orders.reqDlvDate, filter.deliveryUntil));
  if (filter.relationUuid) where.push(sql`${orders.relationId} = (select ${relations.id} from ${relations} where ${relations.uuid} = ${filter.relationUuid})`);
  if (filter.paymentMethod) where.push(eq(orders.paymentMethodId, filter.paymentMethod));
  if (filter.search) {
    const pattern = containing(filter.search);
    // The relations that match are few and looked up once; the orders' own columns are read row by row.
    where.push(sql`(${orders.orderNumber} ilike ${pattern} or ${orders.poReference} ilike ${pattern}
      or ${orders.relationId} in (select ${relations.id} from ${relations} where ${relations.name} ilike ${pattern} or ${relations.erpNumber} ilike ${pattern}))`);
  }
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
