import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useImportRun } from '../../../features/staff-import-runs/api/import-runs';
import { RunErrors, RunFacts, RunOutcome } from '../../../features/staff-import-runs/components/import-run-detail';
import { ApiError } from '../../../lib/api-client';
import { useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';

/** One ERP import (issue 42, point 8): why a failed run failed at the top, its facts, its errors and their download. */
export default function StaffImportRunPage() {
  const { t } = useTranslation(['staff-import-runs', 'errors']);
  const { run: id = '' } = useParams();
  const to = useLocalizedPath();
  const run = useImportRun(id);
  const data = run.data;
  const title = data ? t('detail.title', { number: data.number, kind: t(`kinds.${data.kind}`) }) : t('title');
  usePageTitle(title);
  const missing = run.error instanceof ApiError && (run.error.status === 404 || run.error.status === 400);
  return (
    <section>
      <p className="mb-2">
        <Link to={to('/staff/import-runs')}>{t('detail.back')}</Link>
      </p>
      <h1 className="page-title">{title}</h1>
      {run.isPending && <PageSpinner />}
      {run.isError && <Alert variant={missing ? 'info' : 'danger'}>{missing ? t('detail.notFound') : t('errors:generic')}</Alert>}
      {data && (
        <>
          <RunOutcome run={data} />
          <RunFacts run={data} />
          <RunErrors run={data} />
        </>
      )}
    </section>
  );
}
