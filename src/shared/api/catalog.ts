import { z } from 'zod';
import { ALLERGENS, DIETS, foodChangeNotice, foodInformation, foodMarks, STORAGE_TYPES } from './food';
import { langcode, resource } from './json-api';
import { salesUnit } from './sales-units';
import { availabilitySchema } from './availability';

/**
 * Catalogue contracts: the product index (products and category terms), product detail,
 * favourites (the order list), upcoming price mutations and price requests. Shapes follow
 * Drupal's JSON:API with `jsonapi_include=1` (attributes and included relationships folded into
 * each resource), see shared/API-SHAPES.md. Money: `number` is Commerce's decimal string,
 * `formatted` the nl-NL text; the server computes both from integer cents.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidString = (what: string) => z.string().regex(UUID_RE, `${what} is a UUID (8-4-4-4-12 hexadecimal digits).`);

/** Items per page on the assortment (spec section 9). */
export const PAGE_SIZES = [15, 30, 45] as const;
export const DEFAULT_PAGE_SIZE = 15;
/** The favourites list is fetched whole, up to this many (spec section 9). */
export const FAVORITES_LIMIT = 1000;
/** The largest page the product index answers. */
export const MAX_PAGE_LIMIT = 1000;

export const money = z.object({
  number: z.string(),
  currency_code: z.literal('EUR'),
  formatted: z.string(),
});
export type Money = z.infer<typeof money>;

const nonNegativeInt = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} cannot be negative.`)
    .max(max, `${name} is at most ${max}.`);

/** A comma-separated list of known values, each at most once per kind: 'gluten,milk'. */
const valueList = (field: string, values: readonly string[]) => {
  const one = `(${values.join('|')})`;
  return z
    .string()
    .regex(new RegExp(`^${one}(,${one}){0,${values.length - 1}}$`), `${field} is a comma-separated list of: ${values.join(', ')}.`)
    .optional();
};

/**
 * GET /jsonapi/index/products with Drupal's bracketed query keys, read literally (the query
 * string parser does not nest them). Unknown keys are ignored.
 */
export const productIndexQuery = z.object({
  jsonapi_include: z.string().max(10).optional(),
  include: z.string().max(200).optional(),
  'filter[entity_type]': z
    .enum(['commerce_product', 'taxonomy_term'], { message: "filter[entity_type] is 'commerce_product' or 'taxonomy_term'." })
    .default('commerce_product'),
  'filter[fulltext]': z.string().max(200, 'A search has at most 200 characters.').optional(),
  /** The relation whose favourites to list; the server always uses the caller's own relation. */
  'filter[favorites]': z.string().regex(/^(\d{1,10}|[0-9a-f-]{36})$/i, 'filter[favorites] is a relation id.').optional(),
  /** A category term id (drupal_internal__tid); its descendants are included. */
  'filter[categories]': z.string().regex(/^\d{1,9}$/, 'filter[categories] is a numeric category id.').optional(),
  /** Food filters (issue 19): products known free of each allergen (or 'may_contain' unless strict). */
  'filter[without]': valueList('filter[without]', ALLERGENS),
  /** '1': 'without' also leaves out products that may contain the allergen. */
  'filter[without_strict]': z.enum(['0', '1'], { message: "filter[without_strict] is '0' or '1'." }).optional(),
  /** Products with every one of these diet marks. */
  'filter[diet]': valueList('filter[diet]', DIETS),
  /** Products of any of these storage types. */
  'filter[storage]': valueList('filter[storage]', STORAGE_TYPES),
  'page[offset]': nonNegativeInt('page[offset]', 10_000_000).default(0),
  'page[limit]': z.coerce
    .number({ message: 'page[limit] must be a whole number.' })
    .int('page[limit] must be a whole number.')
    .min(1, 'page[limit] is at least 1.')
    .max(MAX_PAGE_LIMIT, `page[limit] is at most ${MAX_PAGE_LIMIT}.`)
    .default(50),
  /** The relation for prices; the server always uses the caller's own relation. */
  'page[u]': z.string().max(40).optional(),
  'sort[artnr][path]': z.enum(['sku'], { message: "sort[artnr][path] can only be 'sku'." }).optional(),
  'sort[artnr][direction]': z.enum(['ASC', 'DESC'], { message: "sort[artnr][direction] is 'ASC' or 'DESC'." }).optional(),
});
export type ProductIndexQuery = z.infer<typeof productIndexQuery>;

export const productImage = z.object({
  ...resource('file--file'),
  filename: z.string(),
  /** URLs of the three image styles (rendered on first request, then cached). */
  image_style_uri: z.object({
    small_thumbnail: z.string(),
    thumbnail: z.string(),
    large: z.string(),
  }),
});
export type ProductImage = z.infer<typeof productImage>;

export const scaledPrice = z.object({
  /** From this quantity on. */
  quantity: z.number().int(),
  price: money,
});
export type ScaledPrice = z.infer<typeof scaledPrice>;

export const productVariation = z.object({
  ...resource('commerce_product_variation--default'),
  drupal_internal__variation_id: z.number().int(),
  /** The product's internal id. */
  product_id: z.number().int(),
  sku: z.string(),
});
export type ProductVariation = z.infer<typeof productVariation>;

/** One better price of a quote (spec section 3, Quote productData). */
export const quoteProductData = z.object({
  /** The quote line's id. */
  target_id: z.number().int(),
  /** The variation the price is for. */
  product_price_target_id: z.number().int(),
  standard_cost: money,
  quote_price: money,
  quote_price_formatted: z.string(),
  quantity: z.number().int(),
  /** Markup on the cost price in percent, e.g. 12.5. */
  markup: z.number(),
  remark: z.string(),
  unit_label: z.string(),
});

export const quote = z.object({
  id: z.string(),
  label: z.string(),
  url: z.string().nullable(),
  valid_until: z.string().nullable(),
  productData: z.array(quoteProductData),
});
export type Quote = z.infer<typeof quote>;

const formattedText = z.object({
  /** Sanitised HTML. */
  value: z.string(),
  processed: z.string(),
  format: z.literal('basic_html'),
});

/** A product's texts: the same for every caller (spec section 3, Product). */
const productTextShape = {
  ...resource('commerce_product--default'),
  drupal_internal__product_id: z.number().int(),
  /** The ERP's product id. */
  cb_product_id: z.string(),
  langcode,
  title: z.string(),
  /** Article number of the first variation. */
  sku: z.string(),
  description: formattedText,
  specifications: formattedText,
  /** Category term ids (drupal_internal__tid). */
  categories: z.array(z.number().int()),
  variations: z.array(productVariation),
  /** Storage type and diet marks, for the product card (issue 19). */
  food_marks: foodMarks,
  /** Extra (decision 029): the unit quantities and prices count, what it holds, and the order multiple. */
  sales_unit: salesUnit,
};

/** A product's images and the caller's prices. */
const productOffersShape = {
  images: z.array(productImage),
  /** The caller's scaled prices (their own price list, valid today), by ascending quantity. */
  scaled_prices: z.array(scaledPrice),
  /** The price of the lowest quantity; null when there is none. */
  price: money.nullable(),
  /** The lowest quantity among the scaled prices (1 when there are none). */
  minimum_quantity: z.number().int(),
  /** No price in the caller's price list: the customer asks for one instead of ordering. */
  price_on_request: z.boolean(),
  /** Extra (decision 029): `price` per piece when a sales unit holds several pieces (whole cents, half up), else null. */
  price_per_piece: money.nullable(),
};

/** Its stock level (decision 030); null: not kept in stock, always orderable. */
const productStockShape = { availability: availabilitySchema.nullable().optional() };

/** What is the caller's relation's own: favourite and quotes. */
const productOwnShape = {
  is_favorite: z.boolean(),
  /** The favourite record's id (for DELETE), when the product is on the caller's order list. */
  favorite_id: z.string().nullable(),
  /** The caller's relation's quotes that name this product. */
  quote_product_data: z.array(quote),
};

/** A product as the index and the detail call answer it (spec section 3, Product). */
export const product = z.object({ ...productTextShape, ...productOffersShape, ...productStockShape, ...productOwnShape });
export type Product = z.infer<typeof product>;

/**
 * Counts for the food filters over the current result (issue 19): per allergen, how many products
 * would remain with it added to 'without' (at the request's strictness); per diet, how many have
 * it; per storage type, how many have it with every filter applied but the storage filter.
 */
const countsOf = <K extends string>(names: readonly K[]) => z.object(Object.fromEntries(names.map((n) => [n, z.number().int()])) as Record<K, z.ZodNumber>);
export const foodFacets = z.object({ without: countsOf(ALLERGENS), diet: countsOf(DIETS), storage: countsOf(STORAGE_TYPES) });
export type FoodFacets = z.infer<typeof foodFacets>;

export const productListResponse = z.object({
  data: z.array(product),
  meta: z.object({ count: z.number().int(), facets: foodFacets.optional() }),
});
export type ProductListResponse = z.infer<typeof productListResponse>;

export interface CategoryTerm {
  type: 'taxonomy_term--product_category';
  id: string;
  drupal_internal__tid: number;
  name: string;
  /** The display title when the term has one (here: always, in the request's language). */
  field_title: string | null;
  weight: number;
  /** The parent's term id; null at the top. */
  parent: number | null;
  children: CategoryTerm[];
  /** Term ids of every term below this one (children, their children, ...). */
  childDrupalIds: number[];
  /** Term ids of the terms above this one, from the top down. */
  parentDrupalIds: number[];
}
export const categoryTerm: z.ZodType<CategoryTerm> = z.lazy(() =>
  z.object({
    ...resource('taxonomy_term--product_category'),
    drupal_internal__tid: z.number().int(),
    name: z.string(),
    field_title: z.string().nullable(),
    weight: z.number().int(),
    parent: z.number().int().nullable(),
    children: z.array(categoryTerm),
    childDrupalIds: z.array(z.number().int()),
    parentDrupalIds: z.array(z.number().int()),
  }),
);

/** The category tree: top-level terms by weight, each with its children. */
export const categoryTreeResponse = z.object({
  data: z.array(categoryTerm),
  meta: z.object({ count: z.number().int() }),
});
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponse>;

/** GET /jsonapi/commerce_product/default/{id} */
export const productParams = z.object({ id: uuidString('A product id') });
export const productDetailQuery = z.object({
  jsonapi_include: z.string().max(10).optional(),
  include: z.string().max(200).optional(),
});
/**
 * A product as the detail call answers it: besides what the index answers, its food information
 * in the request's language (issue 19; null for a product without any, such as a tool), and the
 * changes of its ingredients or allergens the caller's relation is told of (newest first; left out
 * when there are none, so the spec's client never meets it; decision 024).
 */
export const productDetail = z.object({
  ...productTextShape,
  food: foodInformation.nullable(),
  ...productOffersShape,
  ...productStockShape,
  ...productOwnShape,
  food_changes: z.array(foodChangeNotice).optional(),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productDetailResponse = z.object({ data: productDetail });
export type ProductDetailResponse = z.infer<typeof productDetailResponse>;
