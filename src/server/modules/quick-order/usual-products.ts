import type { UsualProduct, UsualProductsQuery } from '../../../shared/api/quick-order';
import { amsterdamClock } from '../../../shared/delivery-date';
import { price } from '../../../shared/money';
import type { Lang } from '../../plugins/language';
import { minimumQuantity, unitPriceFor } from '../ordering/cart/cart-maths';
import type { SellableVariation } from '../ordering/cart/cart.service';
import { productOf } from './quick-order-lines';
import type { OrderedVariation } from './quick-order.repository';

/**
 * "My usual products" (an order guide): each variation with how often the relation ordered it,
 * the last quantity and day, whether it can be ordered now and the customer's price for the
 * quantity the page starts with (the last one, else the minimum). Pure.
 */
export function usualProducts(
  ordered: readonly OrderedVariation[],
  sellable: readonly SellableVariation[],
  sort: UsualProductsQuery['sort'],
  lang: Lang,
  apiBase: string,
): UsualProduct[] {
  const history = new Map(ordered.map((o) => [o.variationId, o]));
  const items = sellable.map((variation) => {
    const past = history.get(variation.variationId);
    const minimum = minimumQuantity(variation.scaled);
    const status: UsualProduct['status'] = !variation.active ? 'not_orderable' : minimum === null ? 'price_on_request' : 'ok';
    const startQuantity = minimum === null ? null : Math.max(past?.lastQuantity ?? minimum, minimum);
    const unit = status === 'ok' && startQuantity !== null ? unitPriceFor(startQuantity, variation.scaled, variation.quoted) : null;
    return {
      item: {
        product: productOf(variation, apiBase),
        times_ordered: past?.timesOrdered ?? 0,
        last_quantity: past?.lastQuantity ?? null,
        last_ordered: past ? amsterdamClock(past.lastPlacedAt).day : null,
        status,
        unit_price: unit === null ? null : price(unit),
      },
      lastAt: past?.lastPlacedAt.getTime() ?? 0,
    };
  });
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'nl', { sensitivity: 'base', numeric: true });
  const byName = (a: UsualProduct, b: UsualProduct) => collator.compare(a.product.title, b.product.title);
  const bySku = (a: UsualProduct, b: UsualProduct) => collator.compare(a.product.sku, b.product.sku);
  items.sort((a, b) => {
    if (sort === 'name') return byName(a.item, b.item) || bySku(a.item, b.item);
    if (sort === 'sku') return bySku(a.item, b.item);
    return b.item.times_ordered - a.item.times_ordered || b.lastAt - a.lastAt || byName(a.item, b.item);
  });
  return items.map((i) => i.item);
}
