import type { Product, ProductDetail, Quote } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { sanitizeHtmlText } from '../../html';
import type { Lang } from '../../plugins/language';
import { imageStyleUris } from '../images/image-styles';
import type { Availability } from '../../../shared/api/availability';
import type { FoodChangeNotice } from '../../../shared/api/food';
import type { ProductPricesRow, ProductTextRow, QuoteRow } from './catalog.repository';
import type { FoodChangeRow } from './relation-own.repository';
import { toFoodInformation, toFoodMarks } from './product-food';
import { piecePrice, salesUnitOf } from './sales-unit';

/** HTML in the shape of a Drupal formatted text field. */
const formatted = (html: string) => ({ value: html, processed: html, format: 'basic_html' as const });

function toQuote(row: QuoteRow): Quote {
  return {
    id: row.uuid,
    label: row.label,
    url: row.url,
    valid_until: row.validUntil,
    productData: row.lines.map((line) => ({
      target_id: line.id,
      product_price_target_id: line.variationId,
      standard_cost: price(line.costCents),
      quote_price: price(line.quoteCents),
      quote_price_formatted: price(line.quoteCents).formatted,
      quantity: line.quantity,
      markup: line.markupBasisPoints / 100,
      remark: line.remark,
      unit_label: line.unitLabel,
    })),
  };
}

/** The keys of a product that come from its texts (see ProductTextRow), in answer order. */
export type ProductText = Pick<
  Product,
  | 'type'
  | 'id'
  | 'drupal_internal__product_id'
  | 'cb_product_id'
  | 'langcode'
  | 'title'
  | 'sku'
  | 'description'
  | 'specifications'
  | 'categories'
  | 'variations'
  | 'food_marks'
  | 'sales_unit'
> &
  Partial<Pick<ProductDetail, 'food'>>;
/** The keys of a product that depend on the caller's price list: images and prices (see ProductPricesRow). */
export type ProductPrices = Pick<Product, 'images' | 'scaled_prices' | 'price' | 'minimum_quantity' | 'price_on_request' | 'price_per_piece'>;
/** The keys of a product that are the caller's relation's own: favourite and quotes. */
export type ProductOwn = Pick<Product, 'is_favorite' | 'favorite_id' | 'quote_product_data'>;

/**
 * A product's texts as the index and the detail call answer them with `jsonapi_include=1`.
 *
 * Descriptions and specifications are sanitised when they are imported. The product page, which
 * renders them, asks for `sanitize` and gets them sanitised once more, so a row written any
 * other way is still safe there; the list serves them as stored, because doing the same for up
 * to 1,000 products would cost a request a thousand times as much (decision 008). The product
 * page asks `withFood` for the food information (its ingredients are HTML, treated the same way).
 */
export function toProductText(
  id: number,
  row: ProductTextRow,
  lang: Lang,
  { sanitize = false, withFood = false }: { sanitize?: boolean; withFood?: boolean } = {},
): ProductText {
  const html = sanitize ? sanitizeHtmlText : (text: string) => text;
  const text: ProductText = {
    type: 'commerce_product--default',
    id: row.uuid,
    drupal_internal__product_id: id,
    cb_product_id: row.erpId,
    langcode: lang,
    title: row.title,
    sku: row.sku,
    description: formatted(html(row.description)),
    specifications: formatted(html(row.specifications)),
    categories: row.categoryIds,
    variations: [
      {
        type: 'commerce_product_variation--default',
        id: row.variationUuid,
        drupal_internal__variation_id: row.variationId,
        product_id: id,
        sku: row.sku,
      },
    ],
    food_marks: toFoodMarks(row.food),
    sales_unit: salesUnitOf(row),
  };
  // The product page shows the food information; the list only its marks (issue 19).
  if (!withFood) return text;
  const food = toFoodInformation(row.food, row.allergens, row.ean);
  return { ...text, food: food && food.ingredients !== null ? { ...food, ingredients: html(food.ingredients) } : food };
}

/**
 * A product's images, and its prices under the caller's price list (rows come with the list
 * applied). Without any current price the product cannot be ordered, so it is a price on request.
 */
export function toProductPrices(row: ProductPricesRow, apiBase: string): ProductPrices {
  const scaled = [...row.prices].sort((a, b) => a.quantity - b.quantity);
  const lowest = scaled[0];
  return {
    images: row.images.map((image) => ({
      type: 'file--file',
      id: image.uuid,
      filename: image.filename,
      image_style_uri: imageStyleUris(apiBase, image.uuid),
    })),
    scaled_prices: scaled.map((p) => ({ quantity: p.quantity, price: price(p.cents) })),
    price: lowest ? price(lowest.cents) : null,
    minimum_quantity: lowest?.quantity ?? 1,
    price_on_request: !lowest,
    price_per_piece: piecePrice(lowest?.cents ?? null, row.pricedPieces),
  };
}

/** Whether the product is on the caller's relation's order list, and the relation's quotes for it. */
export function toProductOwn(favoriteUuid: string | null, quotes: readonly QuoteRow[]): ProductOwn {
  return {
    is_favorite: favoriteUuid !== null,
    favorite_id: favoriteUuid,
    quote_product_data: quotes.map(toQuote),
  };
}

/** Per product, the food changes a relation is told of (rows come newest first). */
export function foodChangesOf(rows: readonly FoodChangeRow[]): Map<number, FoodChangeNotice[]> {
  const notices = new Map<number, FoodChangeNotice[]>();
  for (const row of rows) {
    const list = notices.get(row.productId) ?? [];
    list.push({ changed_on: row.changedOn, ingredients_changed: row.ingredientsChanged, allergens: row.allergens });
    notices.set(row.productId, list);
  }
  return notices;
}

/** What a product is to a caller without favourites or quotes (most products, for most callers). */
export const NO_OWN: ProductOwn = Object.freeze(toProductOwn(null, []));

/** A product's parts (product-parts.ts) before they are put together. */
export interface ProductPartsOf {
  text: ProductText;
  prices: ProductPrices;
  /** Its stock level; null: not kept in stock. */
  availability: Availability | null;
  own: ProductOwn;
  /** The food changes the relation is told of (the product page only); undefined: none. */
  foodChanges: FoodChangeNotice[] | undefined;
}

/** A product as the list answers it, with the product page's food information and changes when asked for. */
export type ProductAnswer = Product & Partial<Pick<ProductDetail, 'food' | 'food_changes'>>;

/** The product put together from its parts, key by key; the route's schema puts the keys in its order on the way out. */
export function toProduct({ text, prices, availability, own, foodChanges }: ProductPartsOf): ProductAnswer {
  const product: ProductAnswer = {
    type: text.type,
    id: text.id,
    drupal_internal__product_id: text.drupal_internal__product_id,
    cb_product_id: text.cb_product_id,
    langcode: text.langcode,
    title: text.title,
    sku: text.sku,
    description: text.description,
    specifications: text.specifications,
    categories: text.categories,
    variations: text.variations,
    food_marks: text.food_marks,
    sales_unit: text.sales_unit,
    images: prices.images,
    scaled_prices: prices.scaled_prices,
    price: prices.price,
    minimum_quantity: prices.minimum_quantity,
    price_on_request: prices.price_on_request,
    price_per_piece: prices.price_per_piece,
    availability,
    is_favorite: own.is_favorite,
    favorite_id: own.favorite_id,
    quote_product_data: own.quote_product_data,
  };
  if (text.food !== undefined) product.food = text.food;
  if (foodChanges !== undefined) product.food_changes = foodChanges;
  return product;
}
