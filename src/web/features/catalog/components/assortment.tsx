import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { failureText } from '../../../lib/api/failure-text';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { useSessionUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../../../lib/api/get-products';
import { useUpcomingPriceMutations } from '../api/get-upcoming-price-mutations';
import { productListParams } from '../api/product-list-params';
import { useAssortmentParams } from '../hooks/use-assortment-params';
import { useScrollWithinAssortment } from '../hooks/use-scroll-within-assortment';

import { CategoryTree } from './category-tree';
import { PageSizeSelect } from './page-size-select';
import { ProductCard } from './product-card';

// its own chunk, loaded with the first render: the assortment's first load stays within budget (decision 022)
const FoodFilters = lazy(() => import('./food-filters'));

export type AssortmentMode = 'assortment' | 'order-list';

/**
 * The assortment screen (spec section 2), also as the order list: categories, title, result
 * count, page size, the search alert, the product grid and the pagination, all driven by the
 * URL (search, page, items, categories; without, strict, diet, storage).
 */
export function Assortment({ mode }: { mode: AssortmentMode }) {
  const { t } = useTranslation(['catalog', 'errors']);
  const lang = useLang();
  const relation = useSessionUser()?.relation ?? null;
  const [params, update] = useAssortmentParams();
  const orderList = mode === 'order-list';
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

  let content;
  if (noRelation || products.isError) {
    // the generic error, or a rate limit's message (when to search again)
    const text = products.isError ? failureText(products.error, t('errors:generic'), { clientMessage: 'none' }) : null;
    content = <Alert variant="danger">{text ?? t('errors:generic')}</Alert>;
  } else if (!page) {
    content = <PageSpinner />;
  } else if (page.data.length === 0) {
    content = (
      <Alert variant="warning">
        <p className="mb-0 fw-semibold">{orderList ? t('catalog:empty.favorites') : t('catalog:empty.products')}</p>
        {params.search ? (
          <p className="mb-0 mt-1">
            {t('catalog:empty.noResultsFor')} <q>{params.search}</q>
          </p>
        ) : null}
      </Alert>
    );
  } else {
    content = (
      <div className={`row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-3 product-grid${products.isPlaceholderData ? ' is-updating' : ''}`} aria-busy={products.isPlaceholderData}>
        {page.data.map((product) => (
          <div key={product.id} className="col">
            <ProductCard product={product} mutation={mutations.data?.[product.id]} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <section className="assortment">
      <div className="assortment-header d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <div>
          <h1 className="page-title mb-1">{title}</h1>
          <p className="assortment-count text-body-secondary mb-0" role="status">
            {count === null ? '' : t('catalog:count', { count })}
          </p>
        </div>
        <PageSizeSelect value={params.items} onChange={(items) => update({ items })} />
      </div>
      {params.search ? (
        <Alert variant="info" dismissible closeLabel={t('catalog:search.clear')} onClose={() => update({ search: '' })}>
          {t('catalog:search.resultsFor')} <strong>{params.search}</strong>
        </Alert>
      ) : null}
      <div className="row g-4">
        <aside className="col-lg-3">
          {categories.data ? <CategoryTree terms={categories.data} current={params.category} /> : null}
          <Suspense fallback={null}>
            <FoodFilters value={params.food} facets={page?.meta.facets} />
          </Suspense>
        </aside>
        <div className="col-lg-9">
          {content}
          <Pagination label={t('catalog:pagination.label')} page={params.page} pages={pages} onPage={(next) => update({ page: next })} />
        </div>
      </div>
    </section>
  );
}
