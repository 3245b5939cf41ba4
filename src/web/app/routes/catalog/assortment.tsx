import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';

import { getCategoriesQueryOptions } from '../../../features/catalog/api/get-categories';
import { getProductsQueryOptions } from '../../../lib/api/get-products';
import { productListParams } from '../../../features/catalog/api/product-list-params';
import { Assortment, type AssortmentMode } from '../../../features/catalog/components/assortment';
import { readAssortmentParams } from '../../../features/catalog/hooks/use-assortment-params';
import { browserLanguages, detectLanguage } from '../../../lib/language';
import { getCachedUser } from '../../../lib/session';

/** Starts loading the products and categories with the navigation (the guard has the user in the cache). */
export function assortmentLoader(queryClient: QueryClient, mode: AssortmentMode): LoaderFunction {
  return ({ request }) => {
    const user = getCachedUser();
    if (!user) return null;
    const url = new URL(request.url);
    const lang = detectLanguage(url.pathname, browserLanguages());
    const relation = user.relation;
    if (mode === 'assortment' || relation !== null) {
      const params = productListParams(readAssortmentParams(url.searchParams), { lang, relation, orderList: mode === 'order-list' });
      void queryClient.prefetchQuery(getProductsQueryOptions(params));
    }
    void queryClient.prefetchQuery(getCategoriesQueryOptions(lang));
    return null;
  };
}

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return assortmentLoader(queryClient, 'assortment');
}

/** /{lang}/assortment?search=&page=&items=&categories= (spec section 2, Assortment screen). */
export default function AssortmentPage() {
  return <Assortment mode="assortment" />;
}
