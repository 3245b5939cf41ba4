import { useTranslation } from 'react-i18next';

import { useProducts } from '../../../lib/api/get-products';
import { useSessionUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCategories } from '../api/get-categories';
import { useUpcomingPriceMutations } from '../api/get-upcoming-price-mutations';
import { productListParams } from '../api/product-list-params';

import { useAssortmentParams } from './use-assortment-params';
import { useScrollWithinAssortment } from './use-scroll-within-assortment';

/**
 * The assortment's (or order list's) data as the URL asks for it: the page of products, the
 * categories, the upcoming price changes of the products shown, the count and the number of pages.
 */
export function useAssortmentPage(orderList: boolean) {
  const { t } = useTranslation(['catalog', 'errors']);
  const lang = useLang();
  const relation = useSessionUser()?.relation ?? null;
  const [params, update] = useAssortmentParams();
  const title = orderList ? t('catalog:title.orderList') : t('catalog:title.assortment');
  usePageTitle(title);
  useScrollWithinAssortment();

  // spec section 5: the order list needs a relation; without one it is the generic error
  const noRelation = orderList && relation === null;
  const products = useProducts(productListParams(params, { lang, relation, orderList }), { enabled: !noRelation });
  const categories = useCategories(lang);
  const page = products.isError ? undefined : products.data;
  const mutations = useUpcomingPriceMutations(page?.data.map((product) => product.id) ?? [], lang);
  // spec section 4: on failure the count becomes 0
  const count = noRelation || products.isError ? 0 : (page?.meta.count ?? null);
  const pages = count ? Math.ceil(count / params.items) : 0;
  return { title, params, update, noRelation, products, categories, page, mutations, count, pages };
}

export type AssortmentPage = ReturnType<typeof useAssortmentPage>;
