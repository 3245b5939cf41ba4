import type { Product, Quote } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { sanitizeHtmlText } from '../../html';
import type { Lang } from '../../plugins/language';
import { imageStyleUris } from '../images/image-styles';
import type { ProductOffersRow, ProductRow, ProductTextRow, QuoteRow } from './catalog.repository';

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
>;
/** The keys of a product that are read for every request, the caller's own among them. */
export type ProductOffers = Omit<Product, keyof ProductText>;

/**
 * A product's texts as the index and the detail call answer them with `jsonapi_include=1`.
 *
 * Descriptions and specifications are sanitised when they are imported. The product page, which
 * renders them, asks for `sanitize` and gets them sanitised once more (0.1 ms a product), so a
 * row written any other way is still safe there; the list serves them as stored, because doing
 * the same for up to 1,000 products would cost up to 100 ms a request.
 */
export function toProductText(id: number, row: ProductTextRow, lang: Lang, { sanitize = false }: { sanitize?: boolean } = {}): ProductText {
  const html = sanitize ? sanitizeHtmlText : (text: string) => text;
  return {
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
  };
}

/**
 * The rest of a product: images, and the caller's own prices, favourite and quotes (rows come
 * with the caller's price list applied). Without any current price the product cannot be
 * ordered, so it is a price on request.
 */
export function toProductOffers(row: ProductOffersRow, apiBase: string): ProductOffers {
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
    is_favorite: row.favoriteUuid !== null,
    favorite_id: row.favoriteUuid,
    quote_product_data: row.quotes.map(toQuote),
  };
}

/** A whole product as the index and the detail call answer it with `jsonapi_include=1`. */
export function toProduct(row: ProductRow, lang: Lang, apiBase: string, options: { sanitize?: boolean } = {}): Product {
  return { ...toProductText(row.id, row, lang, options), ...toProductOffers(row, apiBase) };
}

/**
 * The JSON text of a product from the JSON texts of its two parts (each an object with at least
 * one key): the same text as JSON.stringify(toProduct(...)), keys in the same order.
 */
export function joinProductJson(textJson: string, offersJson: string): string {
  return `${textJson.slice(0, -1)},${offersJson.slice(1)}`;
}
