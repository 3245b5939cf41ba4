import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { FOOD_GAPS, type FoodGap, INCOMPLETE_FOOD_PER_PAGE } from '../../../../shared/api/food-gaps';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { useIncompleteFood } from '../../../features/staff/api/get-incomplete-food';
import { IncompleteFoodTable } from '../../../features/staff/components/incomplete-food-table';
import { MissingFilter } from '../../../features/staff/components/missing-filter';
import { useSessionUser } from '../../../lib/session';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';

/** ?missing=: one part of the food information (and the page; a change of filter starts at page 1). */
const foodFilters = (search: URLSearchParams): { missing: FoodGap | undefined } => ({ missing: FOOD_GAPS.find((gap) => gap === search.get('missing')) });

/**
 * Staff see which active food products lack mandatory food information, and what (issue 19
 * point 7), page by page, optionally only those lacking one part (?missing=allergens). Only for
 * staff who are not masquerading: a customer's call to the staff API would answer 403 and log out.
 */
export default function FoodCompletenessPage() {
  const { t } = useTranslation(['staff', 'errors']);
  usePageTitle(t('staff:food.title'));
  const user = useSessionUser();
  const to = useLocalizedPath();
  const { filters, page, show, showPage } = useListAddress(foodFilters);
  const { missing } = filters;
  const isStaff = user?.data?.roles.includes('staff') === true && user.data.is_masquerading !== true;
  const list = useIncompleteFood({ page, missing }, { enabled: isStaff });

  if (!isStaff) return <Navigate to={to('/account')} replace />;

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.meta.count / INCOMPLETE_FOOD_PER_PAGE)) : 1;

  return (
    <section>
      <h1 className="page-title">{t('staff:food.title')}</h1>
      <p className="text-body-secondary">{t('staff:food.intro')}</p>
      <MissingFilter value={missing} onChange={(next) => show({ missing: next })} />
      {list.isError ? (
        <Alert variant="danger">{t('errors:generic')}</Alert>
      ) : !data ? (
        <PageSpinner />
      ) : data.data.length === 0 ? (
        <Alert variant="success">{t(missing ? 'staff:food.emptyFiltered' : 'staff:food.empty')}</Alert>
      ) : (
        <>
          <p className="mb-2" role="status">
            {t('staff:food.count', { count: data.meta.count })}
          </p>
          <IncompleteFoodTable products={data.data} />
          <Pagination label={t('staff:food.pager')} page={page} pages={pages} onPage={showPage} />
        </>
      )}
    </section>
  );
}
