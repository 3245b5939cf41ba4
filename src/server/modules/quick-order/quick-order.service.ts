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
import type { CartService } from '../ordering/cart/cart.service';
import { type Customer, requireCustomer } from '../../context/customer';
import type { OrdersService } from '../ordering/history/orders.service';
import { type PastedLine, readPastedList } from './pasted-list';
import { previewOf, type ResolvedLine, resolveLines } from './quick-order-lines';
import { refuseNotMultiple } from './quick-order-multiples';
import { QUICK_ORDER_MESSAGES } from './quick-order.messages';
import * as repo from './quick-order.repository';
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

export function createQuickOrderService(db: Db, deps: QuickOrderDeps) {
  /** The lines found in the catalogue and priced for the customer, inside `tx`. */
  async function resolve(tx: DbOrTx, lines: PastedLine[], customer: Customer, lang: Lang, goneIsNotOrderable = false): Promise<ResolvedLine[]> {
    const articles = lines.flatMap((l) => l.readings.map((r) => r.article));
    const found = await repo.findVariationsByArticle(tx, articles);
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

  /** Adds every ok line in one transaction with the look-up; the others are left out. */
  async function addResolved(lines: PastedLine[], session: ActiveSession, lang: Lang, goneIsNotOrderable = false): Promise<QuickOrderAddResponse> {
    const customer = requireCustomer(session);
    return db.transaction(async (tx) => {
      const resolved = await resolve(tx, lines, customer, lang, goneIsNotOrderable);
      refuseNotMultiple(resolved);
      const additions = resolved.flatMap((r) => (r.addition ? [{ variationId: r.addition.variationId, quantity: r.addition.quantity }] : []));
      let cartQuantity: number;
      if (additions.length > 0) {
        const { orderId } = await deps.cart.addIn(tx, additions, session, customer, lang);
        cartQuantity = await deps.cart.quantityTotal(tx, orderId);
      } else {
        cartQuantity = await deps.cart.currentQuantityTotal(tx, session, customer);
      }
      const preview = previewOf(resolved, lang);
      return {
        ...preview,
        lines: resolved.map((r) => ({ ...r.line, added: r.addition !== null })),
        added_count: additions.length,
        left_out_count: resolved.length - additions.length,
        cart_quantity_total: cartQuantity,
      };
    });
  }

  /** Each line found and priced; nothing is stored. */
  async function preview(request: QuickOrderRequest, session: ActiveSession, lang: Lang): Promise<QuickOrderPreview> {
    const customer = requireCustomer(session);
    const lines = linesOf(request);
    return db.transaction(async (tx) => previewOf(await resolve(tx, lines, customer, lang), lang));
  }

  return {
    /** POST /quick-order/preview. */
    preview,

    /** POST /quick-order/add: every ok line into the cart in one transaction. */
    add: (request: QuickOrderRequest, session: ActiveSession, lang: Lang) => addResolved(linesOf(request), session, lang),

    /** POST /quick-order/upload: a CSV or a workbook's first sheet, previewed as a pasted list. */
    async upload(kind: UploadKind, body: Buffer, session: ActiveSession, lang: Lang): Promise<QuickOrderPreview> {
      requireCustomer(session);
      if (body.length > MAX_UPLOAD_BYTES) throw badRequest('file_too_large', localized(QUICK_ORDER_MESSAGES, 'file_too_large', { max: '2 MB' }));
      const text = await uploadedText(kind, body);
      if (text.trim() === '') throw badRequest('empty_list', localized(QUICK_ORDER_MESSAGES, 'empty_list'));
      return preview({ text }, session, lang);
    },

    /** GET /quick-order/example.csv: a header and three lines of the demo catalogue's kind. */
    exampleCsv(lang: Lang): string {
      return `${textIn(lang, QUICK_ORDER_MESSAGES, 'example_header')}\r\n101002;12\r\n121001;6\r\n141001;24\r\n`;
    },

    /**
     * POST /quick-order/order-again: every line of one of the caller's placed orders that can
     * still be ordered, at today's prices; the answer names the lines left out and why.
     */
    async orderAgain(request: OrderAgainRequest, session: ActiveSession, lang: Lang): Promise<QuickOrderAddResponse> {
      requireCustomer(session);
      const orderLines = await deps.orders.ownOrderLines(request.order, session);
      const lines: PastedLine[] = orderLines.map((l, i) => ({
        line: i + 1,
        input: l.sku ?? l.title ?? '',
        readings: [{ article: l.sku ?? l.title ?? '?', quantity: l.quantity }],
      }));
      return addResolved(lines, session, lang, true);
    },

    /** GET /quick-order/usual: what the relation ordered in the last 90 days, or its favourites. */
    async usual(query: UsualProductsQuery, session: ActiveSession, lang: Lang): Promise<UsualProductsResponse> {
      const customer = requireCustomer(session);
      const since = new Date(deps.now().getTime() - USUAL_PRODUCTS_DAYS * 86_400_000);
      return db.transaction(async (tx) => {
        const ordered = await repo.findOrderedVariations(tx, customer.relationId, since);
        const ids = query.source === 'favourites' ? await repo.findFavouriteVariations(tx, customer.relationId) : ordered.map((o) => o.variationId);
        const sellable = await deps.cart.sellable(tx, ids, customer, lang);
        return { source: query.source, sort: query.sort, days: USUAL_PRODUCTS_DAYS, items: usualProducts(ordered, sellable, query.sort, lang, deps.apiBase) };
      });
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
