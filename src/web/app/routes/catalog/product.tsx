import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunction } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { getProductQueryOptions, useProduct } from '../../../features/catalog/api/get-product';
import { useUpcomingPriceMutations } from '../../../features/catalog/api/get-upcoming-price-mutations';
import { ProductDetail } from '../../../features/catalog/components/product-detail';
import { NotFound } from '../../../features/content/components/not-found';
import { ApiError } from '../../../lib/api-client';
import { browserLanguages, detectLanguage } from '../../../lib/language';
import { getCachedUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';

/** Starts loading the product with the navigation. */
export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return ({ request, params }) => {
    if (!getCachedUser() || !params.id) return null;
    const lang = detectLanguage(new URL(request.url).pathname, browserLanguages());
    void queryClient.prefetchQuery(getProductQueryOptions(params.id, lang));
    return null;
  };
}

function LoadingProduct() {
  const { t } = useTranslation('common');
  usePageTitle(t('pages.product'));
  return <PageSpinner />;
}

function ProductError() {
  const { t } = useTranslation(['common', 'errors']);
  usePageTitle(t('common:pages.product'));
  return <Alert variant="danger">{t('errors:generic')}</Alert>;
}

/** /{lang}/assortment/{id}: the product page; {id} is the product uuid. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const lang = useLang();
  const product = useProduct(id, lang);
  const mutations = useUpcomingPriceMutations(product.data ? [product.data.id] : [], lang);

  if (product.isError) {
    // an id that is no product (400) or an unknown one (404)
    if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400)) return <NotFound />;
    return <ProductError />;
  }
  if (!product.data) return <LoadingProduct />;
  return <ProductDetail product={product.data} mutation={mutations.data?.[product.data.id]} />;
}
