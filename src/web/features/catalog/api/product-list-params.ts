import type { Language } from '../../../../shared/lang';
import type { AssortmentParams } from '../hooks/use-assortment-params';

import type { ProductListParams } from '../../../lib/api/get-products';

/** The list call of an assortment page; the route loader and the page build the same query key with it. */
export function productListParams(
  params: AssortmentParams,
  { lang, relation, orderList }: { lang: Language; relation: number | null; orderList: boolean },
): ProductListParams {
  return {
    search: params.search,
    page: params.page,
    items: params.items,
    category: params.category,
    food: params.food,
    favoritesOf: orderList ? relation : null,
    relation,
    lang,
  };
}
