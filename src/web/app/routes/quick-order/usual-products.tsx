import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';

import { getUsualProductsQueryOptions, readUsualParams } from '../../../features/quick-order/api/get-usual-products';
import { UsualProducts } from '../../../features/quick-order/components/usual-products';
import { browserLanguages, detectLanguage } from '../../../lib/language';
import { getCachedUser } from '../../../lib/session';

/** Starts loading the list with the navigation (the guard has the user in the cache). */
export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return ({ request }) => {
    const user = getCachedUser();
    if (!user) return null;
    const url = new URL(request.url);
    const lang = detectLanguage(url.pathname, browserLanguages());
    void queryClient.prefetchQuery(getUsualProductsQueryOptions({ ...readUsualParams(url.searchParams), lang, user: user.id }));
    return null;
  };
}

/** /{lang}/usual-products?source=orders|favourites&sort=frequency|name|sku (issue 18, point 5). */
export default function UsualProductsPage() {
  return <UsualProducts />;
}
