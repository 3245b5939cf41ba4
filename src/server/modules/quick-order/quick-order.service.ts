import type {
  OrderAgainRequest,
  QuickOrderAddResponse,
  QuickOrderPreview,
  QuickOrderRequest,
  UsualProductsQuery,
  UsualProductsResponse,
} from '../../../shared/api/quick-order';
import { businessDay } from '../../../shared/delivery-date';
import { MAX_QUICK_ORDER_LINES, MAX_UPLOAD_BYTES, USUAL_PRODUCTS_DAYS } from '../../../shared/api/quick-order';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';
import { localized, textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import { type CartAddition, type CartService, type OrdersService, variationsBoughtSince } from '../ordering/ordering.service';
import { type Customer, requireCustomer } from '../../context/customer';
import { type PastedLine, readPastedList } from './pasted-list';
import { previewOf, type ResolvedLine, resolveLines } from './quick-order-lines';
import { refuseNotMultiple } from './quick-order-multiples';
import { QUICK_ORDER_MESSAGES } from './quick-order.messages';
import * as catalog from '../catalog/catalog-sql.service';
import { uploadedText } from './uploaded-text';
import { usualProducts } from './usual-products';

export interface QuickOrderDeps {
  cart: CartService;
  orders: OrdersService;
  apiBase: string;
  now: () => Date;
}

export type UploadKind = 'csv' | 'xlsx';

const tooManyLines = () => badRequest('too_many_lines', localized(QUICK_ORDER_MESSAGES, 'too_many_lines', { max: MAX_QUICK_ORDER_LINES }));

/** The request's lines: the rows typed (one reading each) or a pasted list read line by line. */
function linesOf(request: QuickOrderRequest): PastedLine[] {
  if ('rows' in request) {
    return request.rows.map((row) => ({ line: row.line, input: `${row.article} ${row.quantity ?? ''}`.trim(), readings: [{ article: row.article, quantity: row.quantity }] }));
  }
  const { lines, more } = readPastedList(request.text, MAX_QUICK_ORDER_LINES);
  if (more) throw tooManyLines();
  if (lines.length === 0) throw badRequest('empty_list', localized(QUICK_ORDER_MESSAGES, 'empty_list'));
  return lines;
}

/** The database and what the quick order's functions share. */
export interface QuickOrderContext {
  db: Db;
  deps: QuickOrderDeps;
}

/** The lines found in the catalogue and priced for the customer, inside `tx`. */
async function resolve({ deps }: QuickOrderContext, tx: DbOrTx, lines: PastedLine[], customer: Customer, lang: Lang, goneIsNotOrderable = false): Promise<ResolvedLine[]> {
  const articles = lines.flatMap((l) => l.readings.map((r) => r.article));
  const found = await catalog.findVariationsByArticle(tx, articles);
  const known = new Map(found.map((f) => [f.article, f.variationId]));
  const sellable = await deps.cart.sellable(tx, [...new Set(known.values())], customer, lang);
  return resolveLines({
    lines,
    known,
    sellable: new Map(sellable.map((v) => [v.variationId, v])),
    lang,
    today: businessDay(deps.now()),
    apiBase: deps.apiBase,
    goneIsNotOrderable,
  });
}

/** The cart's quantity total after adding: of the cart added to, else of the caller's cart (0 without one). */
async function cartQuantityAfter({ deps }: QuickOrderContext, tx: DbOrTx, additions: CartAddition[], session: ActiveSession, customer: Customer, lang: Lang): Promise<number> {
  if (additions.length === 0) return deps.cart.currentQuantityTotal(tx, session, customer);
  const { orderId } = await deps.cart.addIn(tx, additions, session, customer, lang);
  return deps.cart.quantityTotal(tx, orderId);
}

/** Adds every ok line in one transaction with the look-up; the others are left out. */
async function addResolved(ctx: QuickOrderContext, lines: PastedLine[], session: ActiveSession, lang: Lang, goneIsNotOrderable = false): Promise<QuickOrderAddResponse> {
  const customer = requireCustomer(session);
  return ctx.db.transaction(async (tx) => {
    const resolved = await resolve(ctx, tx, lines, customer, lang, goneIsNotOrderable);
    refuseNotMultiple(resolved);
    const additions = resolved.flatMap((r) => (r.addition ? [{ variationId: r.addition.variationId, quantity: r.addition.quantity }] : []));
    const cartQuantity = await cartQuantityAfter(ctx, tx, additions, session, customer, lang);
    return {
      ...previewOf(resolved, lang),
      lines: resolved.map((r) => ({ ...r.line, added: r.addition !== null })),
      added_count: additions.length,
      left_out_count: resolved.length - additions.length,
      cart_quantity_total: cartQuantity,
    };
  });
}

/** POST /quick-order/preview: each line found and priced; nothing is stored. */
export async function preview(ctx: QuickOrderContext, request: QuickOrderRequest, session: ActiveSession, lang: Lang): Promise<QuickOrderPreview> {
  const customer = requireCustomer(session);
  const lines = linesOf(request);
  return ctx.db.transaction(async (tx) => previewOf(await resolve(ctx, tx, lines, customer, lang), lang));
}

/** POST /quick-order/add: every ok line into the cart in one transaction. */
export const add = (ctx: QuickOrderContext, request: QuickOrderRequest, session: ActiveSession, lang: Lang) => addResolved(ctx, linesOf(request), session, lang);

/** POST /quick-order/upload: a CSV or a workbook's first sheet, previewed as a pasted list. */
export async function upload(ctx: QuickOrderContext, kind: UploadKind, body: Buffer, session: ActiveSession, lang: Lang): Promise<QuickOrderPreview> {
  requireCustomer(session);
  if (body.length > MAX_UPLOAD_BYTES) throw badRequest('file_too_large', localized(QUICK_ORDER_MESSAGES, 'file_too_large', { max: '2 MB' }));
  const text = await uploadedText(kind, body);
  if (text.trim() === '') throw badRequest('empty_list', localized(QUICK_ORDER_MESSAGES, 'empty_list'));
  return preview(ctx, { text }, session, lang);
}

/** GET /quick-order/example.csv: a header and three lines of the demo catalogue's kind. */
export function exampleCsv(lang: Lang): string {
  return `${textIn(lang, QUICK_ORDER_MESSAGES, 'example_header')}\r\n101002;12\r\n121001;6\r\n141001;24\r\n`;
}

/**
 * POST /quick-order/order-again: every line of one of the caller's placed orders that can
 * still be ordered, at today's prices; the answer names the lines left out and why.
 */
export async function orderAgain(ctx: QuickOrderContext, request: OrderAgainRequest, session: ActiveSession, lang: Lang): Promise<QuickOrderAddResponse> {
  requireCustomer(session);
  const orderLines = await ctx.deps.orders.ownOrderLines(request.order, session);
  const lines: PastedLine[] = orderLines.map((l, i) => ({
    line: i + 1,
    input: l.sku ?? l.title ?? '',
    readings: [{ article: l.sku ?? l.title ?? '?', quantity: l.quantity }],
  }));
  return addResolved(ctx, lines, session, lang, true);
}

/** GET /quick-order/usual: what the relation ordered in the last 90 days, or its favourites. */
export async function usual({ db, deps }: QuickOrderContext, query: UsualProductsQuery, session: ActiveSession, lang: Lang): Promise<UsualProductsResponse> {
  const customer = requireCustomer(session);
  const since = new Date(deps.now().getTime() - USUAL_PRODUCTS_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const ordered = await variationsBoughtSince(tx, customer.relationId, since);
    const ids = query.source === 'favourites' ? await catalog.findFavouriteVariations(tx, customer.relationId) : ordered.map((o) => o.variationId);
    const sellable = await deps.cart.sellable(tx, ids, customer, lang);
    return { source: query.source, sort: query.sort, days: USUAL_PRODUCTS_DAYS, items: usualProducts(ordered, sellable, query.sort, lang, deps.apiBase) };
  });
}

/** Quick order (decision 020): the functions above, given the database and deps. */
export function createQuickOrderService(db: Db, deps: QuickOrderDeps) {
  const ctx: QuickOrderContext = { db, deps };
  return {
    preview: (request: QuickOrderRequest, session: ActiveSession, lang: Lang) => preview(ctx, request, session, lang),
    add: (request: QuickOrderRequest, session: ActiveSession, lang: Lang) => add(ctx, request, session, lang),
    upload: (kind: UploadKind, body: Buffer, session: ActiveSession, lang: Lang) => upload(ctx, kind, body, session, lang),
    exampleCsv,
    orderAgain: (request: OrderAgainRequest, session: ActiveSession, lang: Lang) => orderAgain(ctx, request, session, lang),
    usual: (query: UsualProductsQuery, session: ActiveSession, lang: Lang) => usual(ctx, query, session, lang),
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
