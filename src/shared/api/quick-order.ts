import { z } from 'zod';
import { cartImage, MAX_LINE_QUANTITY } from './cart';
import { money, uuidString } from './catalog';
import { salesUnit } from './sales-units';

/**
 * Quick order (issue 18): order by article number, a pasted list or an uploaded file, start from
 * "my usual products", and 'Order again' that says what it left out. Every price is the caller's
 * own, worked out exactly as the cart does (scaled price for the quantity, a valid quote when
 * cheaper); amounts exclude VAT like the cart's lines.
 */

/** The most input lines one preview or add takes (a pasted list, a file, the rows typed). */
export const MAX_QUICK_ORDER_LINES = 1_000;
/** The most characters of a pasted list (1,000 lines of a generous 200 characters). */
export const MAX_PASTED_CHARS = 200_000;
/** An uploaded file (CSV or XLSX) is at most this many bytes. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** How far back "my usual products" looks. */
export const USUAL_PRODUCTS_DAYS = 90;

/** One input line: an article number (or EAN) and a quantity; `line` is its number in the input (1-based). */
export const quickOrderRow = z.object({
  line: z.number().int('line must be a whole number.').min(1, 'line is at least 1.').max(1_000_000, 'line is at most 1000000.'),
  article: z.string().trim().min(1, 'Give an article number.').max(64, 'An article number is at most 64 characters.'),
  /** Null when the input had no (readable) quantity: the line is shown as such, never guessed. */
  quantity: z.number().int('quantity must be a whole number.').min(1, 'quantity is at least 1.').max(MAX_LINE_QUANTITY, `quantity is at most ${MAX_LINE_QUANTITY}.`).nullable(),
});
export type QuickOrderRow = z.infer<typeof quickOrderRow>;

const rows = z
  .array(quickOrderRow, { message: 'rows is a list of lines.' })
  .min(1, 'Give at least one line.')
  .max(MAX_QUICK_ORDER_LINES, `At most ${MAX_QUICK_ORDER_LINES} lines at once.`);

/**
 * POST /quick-order/preview and /quick-order/add: either the rows typed on the page, or a pasted
 * list (`text`: one line per article, article and quantity separated by a tab, semicolon, comma or
 * spaces, in either order; a header line is skipped).
 */
export const quickOrderRequest = z.union(
  [
    z.object({ rows }).strict(),
    z.object({ text: z.string().min(1, 'Paste at least one line.').max(MAX_PASTED_CHARS, `A pasted list is at most ${MAX_PASTED_CHARS} characters.`) }).strict(),
  ],
  { message: 'Send either rows or text.' },
);
export type QuickOrderRequest = z.infer<typeof quickOrderRequest>;

export const QUICK_ORDER_STATUSES = [
  'ok',
  /** No article with this number or EAN. */
  'unknown_article',
  /** The article exists but is no longer sold. */
  'not_orderable',
  /** No price for the caller's price list (GROOTH/GH-INT): ask for a price instead. */
  'price_on_request',
  /** Below the article's minimum quantity: `product.minimum_quantity` is offered, never applied. */
  'below_minimum',
  /** The line had no readable quantity. */
  'no_quantity',
  /** No multiple of the article's order multiple (decision 029): the next one is offered, never applied; adding refuses it. */
  'not_multiple',
  /** Merged duplicates add up to more than one order line takes (9,999). */
  'too_many',
  /** The line could not be read as an article and a quantity. */
  'unreadable',
  /** More than is in stock of an article that may not be backordered (decision 030). */
  'out_of_stock',
] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

export const quickOrderProduct = z.object({
  variation_id: z.number().int(),
  product_uuid: z.string(),
  sku: z.string(),
  title: z.string(),
  image: cartImage.nullable(),
  /** The smallest quantity that has a price for the caller; null: price on request. */
  minimum_quantity: z.number().int().nullable(),
  /** VAT rate as a fraction: "0.09". */
  tax_percentage: z.string(),
  /** The unit the quantity counts and its order multiple (decision 029). */
  sales_unit: salesUnit,
});
export type QuickOrderProduct = z.infer<typeof quickOrderProduct>;

export const quickOrderLine = z.object({
  /** The input line numbers this line stands for: more than one when duplicates were merged. */
  lines: z.array(z.number().int()),
  /** The article as given (the first of merged lines). */
  article: z.string(),
  /** The quantity (the sum of merged lines); null when none could be read. */
  quantity: z.number().int().nullable(),
  status: z.enum(QUICK_ORDER_STATUSES),
  /** What is wrong, in the caller's language; null when the line is ok. */
  message: z.string().nullable(),
  /** Duplicate lines of one article were merged into this one (its quantities added up). */
  merged: z.boolean(),
  product: quickOrderProduct.nullable(),
  /** The caller's own unit price for the quantity; null when the line has none. */
  unit_price: money.nullable(),
  total_price: money.nullable(),
  /** Only in the answer of /quick-order/add: this line is now in the cart. */
  added: z.boolean().optional(),
});
export type QuickOrderLine = z.infer<typeof quickOrderLine>;

export const quickOrderTax = z.object({ label: z.string(), percentage: z.string(), amount: money });

/** The answer of POST /quick-order/preview. */
export const quickOrderPreview = z.object({
  lines: z.array(quickOrderLine),
  ok_count: z.number().int(),
  problem_count: z.number().int(),
  /** The ok lines: their sum, the VAT per rate on it and the two together (shipping not included). */
  subtotal: money,
  taxes: z.array(quickOrderTax),
  total: money,
});
export type QuickOrderPreview = z.infer<typeof quickOrderPreview>;

/** The answer of POST /quick-order/add and /quick-order/order-again. */
export const quickOrderAddResponse = quickOrderPreview.extend({
  /** How many lines went into the cart, and how many were left out. */
  added_count: z.number().int(),
  left_out_count: z.number().int(),
  /** The cart's count after adding (the header's number). */
  cart_quantity_total: z.number().int(),
});
export type QuickOrderAddResponse = z.infer<typeof quickOrderAddResponse>;

/** POST /quick-order/order-again: every line of one of the caller's placed orders. */
export const orderAgainRequest = z.object({ order: uuidString('order') }).strict();
export type OrderAgainRequest = z.infer<typeof orderAgainRequest>;

export const USUAL_SORTS = ['frequency', 'name', 'sku'] as const;
export const USUAL_SOURCES = ['orders', 'favourites'] as const;

/** GET /quick-order/usual?source=orders|favourites&sort=frequency|name|sku */
export const usualProductsQuery = z.object({
  source: z.enum(USUAL_SOURCES, { message: "source is 'orders' or 'favourites'." }).default('orders'),
  sort: z.enum(USUAL_SORTS, { message: "sort is 'frequency', 'name' or 'sku'." }).default('frequency'),
});
export type UsualProductsQuery = z.infer<typeof usualProductsQuery>;

export const usualProduct = z.object({
  product: quickOrderProduct,
  /** In how many of the relation's orders of the last 90 days (0 for a favourite not ordered then). */
  times_ordered: z.number().int(),
  /** The quantity of the last order it was in; null when not ordered in the last 90 days. */
  last_quantity: z.number().int().nullable(),
  /** The day of that order, YYYY-MM-DD (Amsterdam), or null. */
  last_ordered: z.string().nullable(),
  /** Can it be ordered now, and why not: 'ok', 'not_orderable' or 'price_on_request'. */
  status: z.enum(['ok', 'not_orderable', 'price_on_request']),
  /** The caller's unit price for the quantity the page starts with (the last quantity, else the minimum). */
  unit_price: money.nullable(),
});
export type UsualProduct = z.infer<typeof usualProduct>;

export const usualProductsResponse = z.object({
  source: z.enum(USUAL_SOURCES),
  sort: z.enum(USUAL_SORTS),
  days: z.number().int(),
  items: z.array(usualProduct),
});
export type UsualProductsResponse = z.infer<typeof usualProductsResponse>;

/**
 * POST /quick-order/upload: the file itself as the body (no multipart), with one of these
 * content types; answers a quickOrderPreview of its lines (the first sheet of a workbook).
 */
export const QUICK_ORDER_UPLOAD_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** GET /quick-order/example.csv: an example file in the caller's language (`/en` prefix: English). */
export const QUICK_ORDER_EXAMPLE_PATH = '/quick-order/example.csv';
