import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { failureText } from '../../../lib/api/failure-text';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { type AssortmentPage, useAssortmentPage } from '../hooks/use-assortment-page';

import { CategoryTree } from './category-tree';
import { PageSizeSelect } from './page-size-select';
import { ProductCard } from './product-card';

// its own chunk, loaded with the first render: the assortment's first load stays within budget (decision 022)
const FoodFilters = lazy(() => import('./food-filters'));

export type AssortmentMode = 'assortment' | 'order-list';

type ContentProps = Pick<AssortmentPage, 'noRelation' | 'products' | 'page' | 'mutations' | 'params'> & { orderList: boolean };

/** What the page holds: an error, the spinner, an empty result or the product grid. */
function AssortmentContent({ noRelation, products, page, mutations, params, orderList }: ContentProps) {
  const { t } = useTranslation(['catalog', 'errors']);
  if (noRelation || products.isError) {
    // the generic error, or a rate limit's message (when to search again)
    const text = products.isError ? failureText(products.error, t('errors:generic'), { clientMessage: 'none' }) : null;
    return <Alert variant="danger">{text ?? t('errors:generic')}</Alert>;
  }
  if (!page) return <PageSpinner />;
  if (page.data.length === 0) {
    return (
      <Alert variant="warning">
        <p className="mb-0 fw-semibold">{orderList ? t('catalog:empty.favorites') : t('catalog:empty.products')}</p>
        {params.search ? (
          <p className="mb-0 mt-1">
            {t('catalog:empty.noResultsFor')} <q>{params.search}</q>
          </p>
        ) : null}
      </Alert>
    );
  }
  return (
    <div className={`row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-3 product-grid${products.isPlaceholderData ? ' is-updating' : ''}`} aria-busy={products.isPlaceholderData}>
      {page.data.map((product) => (
        <div key={product.id} className="col">
          <ProductCard product={product} mutation={mutations.data?.[product.id]} />
        </div>
      ))}
    </div>
  );
}

/** The title, the result count (announced) and the page size. */
function AssortmentHeader({ title, count, items, onItems }: { title: string; count: number | null; items: number; onItems: (items: number) => void }) {
  const { t } = useTranslation(['catalog', 'errors']);
  return (
    <div className="assortment-header d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
      <div>
        <h1 className="page-title mb-1">{title}</h1>
        <p className="assortment-count text-body-secondary mb-0" role="status">
          {count === null ? '' : t('catalog:count', { count })}
        </p>
      </div>
      <PageSizeSelect value={items} onChange={onItems} />
    </div>
  );
}

/**
 * The assortment screen (spec section 2), also as the order list: categories, title, result
 * count, page size, the search alert, the product grid and the pagination, all driven by the
 * URL (search, page, items, categories; without, strict, diet, storage).
 */
export function Assortment({ mode }: { mode: AssortmentMode }) {
  const { t } = useTranslation(['catalog', 'errors']);
  const orderList = mode === 'order-list';
  const { title, params, update, noRelation, products, categories, page, mutations, count, pages } = useAssortmentPage(orderList);
  return (
    <section className="assortment">
      <AssortmentHeader title={title} count={count} items={params.items} onItems={(items) => update({ items })} />
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
          <AssortmentContent noRelation={noRelation} products={products} page={page} mutations={mutations} params={params} orderList={orderList} />
          <Pagination label={t('catalog:pagination.label')} page={params.page} pages={pages} onPage={(next) => update({ page: next })} />
        </div>
      </div>
    </section>
  );
}
