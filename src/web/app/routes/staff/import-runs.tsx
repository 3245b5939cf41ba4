import { useTranslation } from 'react-i18next';

import { IMPORT_RUN_KINDS, IMPORT_RUN_RESULTS, IMPORT_RUNS_PER_PAGE } from '../../../../shared/api/staff-import-runs';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { useImportRuns } from '../../../features/staff-import-runs/api/import-runs';
import { ImportRunFilters } from '../../../features/staff-import-runs/components/import-run-filters';
import { ImportRunsTable } from '../../../features/staff-import-runs/components/import-runs-table';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

const runFilters = (search: URLSearchParams) => ({ kind: oneOf(IMPORT_RUN_KINDS, search.get('kind')), result: oneOf(IMPORT_RUN_RESULTS, search.get('result')) });

/** Admin (issue 42, point 8): every ERP import, newest first, with its counts and result. */
export default function StaffImportRunsPage() {
  const { t } = useTranslation(['staff-import-runs', 'errors']);
  usePageTitle(t('title'));
  const { filters, page, show, showPage } = useListAddress(runFilters);
  const { kind, result } = filters;
  const runs = useImportRuns({ kind, result, page });
  const data = runs.data;
  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <ImportRunFilters kind={kind} result={result} onChange={show} />
      {runs.isError && <Alert variant="danger">{t('errors:generic')}</Alert>}
      {!data && !runs.isError && <PageSpinner />}
      {data && data.data.length === 0 && <Alert variant="info">{t('none')}</Alert>}
      {data && data.data.length > 0 && (
        <>
          <p role="status">{t('count', { count: data.meta.count })}</p>
          <ImportRunsTable runs={data.data} />
          <Pagination label={t('pager')} page={page} pages={Math.ceil(data.meta.count / IMPORT_RUNS_PER_PAGE)} onPage={showPage} />
        </>
      )}
    </section>
  );
}
