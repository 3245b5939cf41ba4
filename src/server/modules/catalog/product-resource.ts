import type { Product, ProductDetail, Quote } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { sanitizeHtmlText } from '../../html';
import type { Lang } from '../../plugins/language';
import { imageStyleUris } from '../images/image-styles';
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

/** Per product, the JSON of the food changes a relation is told of (rows come newest first). */
export function foodChangesJson(rows: readonly FoodChangeRow[]): Map<number, string> {
  const notices = new Map<number, FoodChangeNotice[]>();
  for (const row of rows) {
    const list = notices.get(row.productId) ?? [];
    list.push({ changed_on: row.changedOn, ingredients_changed: row.ingredientsChanged, allergens: row.allergens });
    notices.set(row.productId, list);
  }
  return new Map([...notices].map(([id, list]) => [id, JSON.stringify(list)]));
}

/** A product's own part with its food changes (`food_changes`, the detail's last key), when there are any. */
export function withFoodChanges(ownJson: string, foodChanges: string | undefined): string {
  return foodChanges === undefined ? ownJson : `${ownJson.slice(0, -1)},"food_changes":${foodChanges}}`;
}

/** A product's prices part with its stock level (`availability`, decision 030) as its last key; null when not kept in stock. */
export function withAvailability(pricesJson: string, availabilityJson: string | undefined): string {
  return `${pricesJson.slice(0, -1)},"availability":${availabilityJson ?? 'null'}}`;
}

/** What a product is to a caller without favourites or quotes (most products, for most callers). */
export const NO_OWN_JSON = JSON.stringify(toProductOwn(null, []));

/**
 * The JSON text of a product from the JSON texts of its three parts (each an object with at least
 * one key): the same text as JSON.stringify of the whole product, keys in the schema's order.
 */
export function joinProductJson(textJson: string, pricesJson: string, ownJson: string): string {
  return `${textJson.slice(0, -1)},${pricesJson.slice(1, -1)},${ownJson.slice(1)}`;
}

/** A product's JSON as its remembered parts (product-parts.ts), not yet joined: texts and prices as UTF-8 bytes. */
export interface ProductJsonParts {
  text: Buffer;
  prices: Buffer;
  /** The stock level's JSON; undefined: not kept in stock (null). */
  availability: string | undefined;
  own: string;
  /** The food changes the relation is told of (the product page only); undefined: none. */
  foodChanges: string | undefined;
}

/** The product's JSON text (joinProductJson of its parts). */
export const productJsonText = (parts: ProductJsonParts): string =>
  joinProductJson(parts.text.toString('utf8'), withAvailability(parts.prices.toString('utf8'), parts.availability), withFoodChanges(parts.own, parts.foodChanges));

const COMMA = 0x2c;
const AVAILABILITY_KEY = ',"availability":';
const FOOD_CHANGES_KEY = ',"food_changes":';

/** The UTF-8 bytes writeProductJson writes for these parts. */
export const productJsonBytes = (parts: ProductJsonParts): number =>
  parts.text.length -
  1 +
  parts.prices.length -
  1 +
  AVAILABILITY_KEY.length +
  Buffer.byteLength(parts.availability ?? 'null') +
  Buffer.byteLength(parts.own) +
  (parts.foodChanges === undefined ? 0 : FOOD_CHANGES_KEY.length + Buffer.byteLength(parts.foodChanges));

/**
 * Writes the product's JSON (the bytes of productJsonText) into `buffer` at `offset` and answers
 * where it ends. Each part is written as it is remembered, with no string made of them: a brace
 * written is then taken back or overwritten by the comma that joins two parts.
 */
export function writeProductJson(buffer: Buffer, offset: number, parts: ProductJsonParts): number {
  buffer.set(parts.text, offset);
  let at = offset + parts.text.length - 1;
  buffer.set(parts.prices, at);
  buffer[at] = COMMA;
  at += parts.prices.length - 1;
  at += buffer.write(AVAILABILITY_KEY, at);
  at += buffer.write(parts.availability ?? 'null', at);
  const ownAt = at;
  if (parts.foodChanges === undefined) {
    at += buffer.write(parts.own, at);
  } else {
    at += buffer.write(parts.own, at) - 1;
    at += buffer.write(FOOD_CHANGES_KEY, at);
    at += buffer.write(parts.foodChanges, at);
    at += buffer.write('}', at);
  }
  buffer[ownAt] = COMMA;
  return at;
}
