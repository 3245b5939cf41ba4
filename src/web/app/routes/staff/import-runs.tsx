import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { IMPORT_RUN_KINDS, IMPORT_RUN_RESULTS, IMPORT_RUNS_PER_PAGE, type ImportRunKind, type ImportRunResult } from '../../../../shared/api/staff-import-runs';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Pagination } from '../../../components/ui/pagination';
import { useImportRuns } from '../../../features/staff-import-runs/api/import-runs';
import { ImportRunFilters } from '../../../features/staff-import-runs/components/import-run-filters';
import { ImportRunsTable } from '../../../features/staff-import-runs/components/import-runs-table';
import { usePageTitle } from '../../../lib/use-page-title';
import { pageParam } from '../../../lib/page-param';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

/** The filters in the address: kind, result, page; a change of filter starts at page 1. */
function useRunQuery() {
  const [params, setParams] = useSearchParams();
  const kind = oneOf(IMPORT_RUN_KINDS, params.get('kind'));
  const result = oneOf(IMPORT_RUN_RESULTS, params.get('result'));
  const page = pageParam(params.get('page'));
  function show(next: { kind?: ImportRunKind; result?: ImportRunResult; page?: number }) {
    const query = new URLSearchParams();
    const nextKind = 'kind' in next ? next.kind : kind;
    const nextResult = 'result' in next ? next.result : result;
    if (nextKind) query.set('kind', nextKind);
    if (nextResult) query.set('result', nextResult);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  }
  return { kind, result, page, show };
}

/** Admin (issue 42, point 8): every ERP import, newest first, with its counts and result. */
export default function StaffImportRunsPage() {
  const { t } = useTranslation(['staff-import-runs', 'errors']);
  usePageTitle(t('title'));
  const { kind, result, page, show } = useRunQuery();
  const runs = useImportRuns({ kind, result, page });
  const data = runs.data;
  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <ImportRunFilters kind={kind} result={result} onChange={(next) => show({ ...next, page: 1 })} />
      {runs.isError && <Alert variant="danger">{t('errors:generic')}</Alert>}
      {!data && !runs.isError && <PageSpinner />}
      {data && data.data.length === 0 && <Alert variant="info">{t('none')}</Alert>}
      {data && data.data.length > 0 && (
        <>
          <p role="status">{t('count', { count: data.meta.count })}</p>
          <ImportRunsTable runs={data.data} />
          <Pagination label={t('pager')} page={page} pages={Math.ceil(data.meta.count / IMPORT_RUNS_PER_PAGE)} onPage={(next) => show({ page: next })} />
        </>
      )}
    </section>
  );
}
