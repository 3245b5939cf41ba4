import type { LineBackorder } from '../../../shared/api/availability';
import { AppError } from '../../errors';
import { joinLocalized, localized } from '../../i18n';
import type { DbOrTx } from '../../db/client';
import { stockRefusal } from './stock-checks';
import { checkQuantity, splitBackorder, type StockState } from './stock-rules';
import { STOCK_MESSAGES } from './stock.messages';
import * as repo from './stock.repository';

/**
 * Stock at placing an order (decision 030). A cart holds no stock: adding checks what is in stock
 * then, and placing checks again and takes the goods off the shelf, in the placing transaction, on
 * rows locked in variation order. So two customers buying the last five cases at once never get
 * more than five between them: the second waits for the first's commit and sees what it left.
 */

export interface OrderLine {
  /** The order line's id: a backorder is noted on the line. */
  itemId: number;
  variationId: number;
  sku: string;
  quantity: number;
}

/** A line that can no longer be had: the text names it and what is left. */
function ranOut(lines: Array<{ sku: string; stock: StockState; quantity: number }>, today: string): AppError {
  const texts = lines.map((line) => stockRefusal(line, line.quantity, today)!.message);
  return new AppError(409, 'stock_ran_out', joinLocalized([localized(STOCK_MESSAGES, 'stock_ran_out'), ...texts], ' '));
}

/** What placing took off stock: each variation's backorder, and the part of each line that is one. */
export interface TakenStock {
  /** Per variation: all its lines together. */
  byVariation: Map<number, LineBackorder>;
  /** Per order line that is (partly) a backorder; the ordering module notes them on its lines. */
  lines: Array<LineBackorder & { itemId: number }>;
}

/** The order's lines added up per variation, and the lines of each variation in their order. */
function perVariation(lines: readonly OrderLine[]) {
  const quantities = new Map<number, OrderLine>();
  const linesOf = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const known = quantities.get(line.variationId);
    quantities.set(line.variationId, known ? { ...known, quantity: known.quantity + line.quantity } : line);
    linesOf.set(line.variationId, [...(linesOf.get(line.variationId) ?? []), line]);
  }
  return { quantities, linesOf };
}

/**
 * Locks and takes the order's lines off stock, and answers the quantity of each that is a
 * backorder and when it is expected (per variation too: all its lines together). Lines of one
 * article are checked together; in their order they take the stock first and the rest is their
 * backorder (splitBackorder). Refuses (409 `stock_ran_out`, nothing taken) when any line is more
 * than is left of an article that may not be backordered. Lines of articles not kept in stock are
 * not touched. `today`: the shop's day, for the refusal's expected dates.
 */
export async function takeStockForOrder(tx: DbOrTx, lines: readonly OrderLine[], today: string): Promise<TakenStock> {
  const { quantities, linesOf } = perVariation(lines);
  const locked = await repo.lockStock(tx, [...quantities.keys()]);
  const taken: TakenStock = { byVariation: new Map(), lines: [] };
  const short: Array<{ sku: string; stock: StockState; quantity: number }> = [];
  for (const stock of locked) {
    const line = quantities.get(stock.variationId)!;
    const check = checkQuantity(stock, line.quantity);
    if (!check.allowed) short.push({ sku: line.sku, stock, quantity: line.quantity });
    else if (check.backorderQuantity > 0) {
      taken.byVariation.set(stock.variationId, { quantity: check.backorderQuantity, expected_date: stock.expectedDate });
      for (const { line: part, backorderQuantity } of splitBackorder(linesOf.get(stock.variationId)!, stock.onHand)) {
        if (backorderQuantity > 0) taken.lines.push({ itemId: part.itemId, quantity: backorderQuantity, expected_date: stock.expectedDate });
      }
    }
  }
  if (short.length > 0) throw ranOut(short, today);
  await repo.takeStock(tx, locked.map((stock) => ({ variationId: stock.variationId, quantity: quantities.get(stock.variationId)!.quantity })));
  return taken;
}

/** What an order took: its lines' variations and quantities. */
export type TakenLine = Pick<OrderLine, 'variationId' | 'quantity'>;

function summed(lines: readonly TakenLine[]): Array<{ variationId: number; quantity: number }> {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.variationId, (sums.get(line.variationId) ?? 0) + line.quantity);
  return [...sums].map(([variationId, quantity]) => ({ variationId, quantity }));
}

/**
 * Puts a canceled order's lines back on the shelf, on rows locked in variation order. Only for an
 * order no export has handed out: once the ERP has it, the ERP's next stock figure counts it.
 */
export async function returnStockOfOrder(tx: DbOrTx, lines: readonly TakenLine[]): Promise<void> {
  const puts = summed(lines);
  await repo.lockStock(tx, puts.map((put) => put.variationId));
  await repo.putBackStock(tx, puts);
}

/**
 * A changed order (issue 42 point 5): what it took is put back and its new lines are taken as at
 * placing, on the rows of both locked together in variation order. Refused as placing is when a
 * line is more than is left; answers the new lines' backorders. Only for an order the ERP has not
 * seen yet, as returnStockOfOrder.
 */
export async function retakeStockForOrder(tx: DbOrTx, before: readonly TakenLine[], after: readonly OrderLine[], today: string): Promise<TakenStock> {
  const puts = summed(before);
  await repo.lockStock(tx, [...new Set([...puts, ...after].map((line) => line.variationId))]);
  await repo.putBackStock(tx, puts);
  return takeStockForOrder(tx, after, today);
}

/**
 * The same check on stock as read with the cart (not locked, nothing taken): before a payment is
 * started, so nobody pays for what is already gone. Placing checks again when the payment is in.
 */
export function assertInStock(lines: ReadonlyArray<{ sku: string; stock: StockState | null; quantity: number }>, today: string): void {
  const short = lines.flatMap((line) => (line.stock !== null && !checkQuantity(line.stock, line.quantity).allowed ? [{ ...line, stock: line.stock }] : []));
  if (short.length > 0) throw ranOut(short, today);
}
