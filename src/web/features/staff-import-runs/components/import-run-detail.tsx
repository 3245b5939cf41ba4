import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { ImportRunDetail } from '../../../../shared/api/staff-import-runs';
import { Alert, AlertHeading } from '../../../components/ui/alert';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { SectionCard } from '../../../components/ui/section-card';
import { TableHead } from '../../../components/ui/table-parts';
import { formatMoment, formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { importRunErrorsUrl } from '../api/import-runs';

import { RunKind, RunResultBadge, RunTook, RunWho } from './run-parts';

/** How the run ended, at the top: why a failed run failed, what a refused file had, what a dry run did. */
export function RunOutcome({ run }: { run: ImportRunDetail }) {
  const { t } = useTranslation('staff-import-runs');
  if (run.result === 'failed') {
    return (
      <Alert variant="danger">
        <AlertHeading as="h2" className="h5">
          {t('detail.failedTitle')}
        </AlertHeading>
        {run.failure_code && <p className="mb-1">{t(`detail.failure.${run.failure_code}`)}</p>}
        {run.failure && <p className="mb-0 small text-break">{t('detail.failureDetail', { message: run.failure })}</p>}
      </Alert>
    );
  }
  if (run.result === 'with_errors') return <Alert variant="warning">{t('detail.withErrors', { count: run.counts.refused })}</Alert>;
  if (run.dry_run && run.result === 'ok') return <Alert variant="info">{t('detail.dryRunOk')}</Alert>;
  return null;
}

/** The run's facts: kind, who, when, how long, what it read and changed. */
export function RunFacts({ run }: { run: ImportRunDetail }) {
  const { t } = useTranslation('staff-import-runs');
  const lang = useLang();
  const n = (value: number) => formatNumber(value, lang);
  const facts: Array<[string, React.ReactNode]> = [
    [t('columns.kind'), <RunKind key="kind" run={run} />],
    [t('columns.result'), <RunResultBadge key="result" result={run.result} />],
    [t('detail.startedBy'), <RunWho key="who" run={run} />],
    [t('detail.started'), formatMoment(run.started_at, lang)],
    [t('detail.finished'), run.finished_at ? formatMoment(run.finished_at, lang) : '–'],
    [t('detail.took'), <RunTook key="took" ms={run.took_ms} />],
    [t('detail.format'), run.format || '–'],
    [t('detail.rows'), n(run.rows)],
    [t('detail.new'), n(run.counts.new)],
    [t('detail.changed'), n(run.counts.changed)],
    [t('detail.unchanged'), n(run.counts.unchanged)],
    [t('detail.deactivated'), n(run.counts.deactivated)],
    [t('detail.refused'), n(run.counts.refused)],
  ];
  return (
    <SectionCard id="import-run-facts" title={t('detail.facts')} className="mb-4">
      <dl className="row mb-0">
        {facts.map(([term, value]) => (
          <div key={term} className="col-12 col-sm-6 col-lg-4 d-flex justify-content-between gap-2 border-bottom py-1">
            <dt className="fw-normal text-body-secondary">{term}</dt>
            <dd className="mb-0 text-end">{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

/** The first errors of the run, with the download of all of them. */
export function RunErrors({ run }: { run: ImportRunDetail }) {
  const { t } = useTranslation('staff-import-runs');
  const lang = useLang();
  if (run.error_count === 0) return null;
  return (
    <SectionCard id="import-run-errors" title={t('detail.errors')}>
      <p className="mb-2">
        <a href={importRunErrorsUrl(run.id, lang)} download className="btn btn-outline-primary btn-sm">
          {t('detail.download')}
        </a>
      </p>
      {run.errors.length < run.errors_kept && <p className="small">{t('detail.errorsShown', { shown: formatNumber(run.errors.length, lang), count: formatNumber(run.errors_kept, lang) })}</p>}
      {run.errors_kept < run.error_count && <p className="small">{t('detail.errorsKeptOnly', { count: formatNumber(run.error_count, lang), kept: formatNumber(run.errors_kept, lang) })}</p>}
      <p className="small text-body-secondary">{t('detail.messagesInEnglish')}</p>
      <ScrollRegion label={t('detail.errorsCaption')}>
        <Table size="sm" className="align-middle mb-0">
          <caption className="visually-hidden">{t('detail.errorsCaption')}</caption>
          <TableHead columns={[{ label: t('detail.line'), className: 'text-end' }, t('detail.field'), t('detail.message')]} />
          <tbody>
            {run.errors.map((error, index) => (
              <tr key={index}>
                <td className="text-end">{error.line === 0 ? t('detail.wholeFile') : error.line}</td>
                <td className="text-break">
                  <span className="font-monospace">{error.field}</span>
                </td>
                <td className="text-break">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </SectionCard>
  );
}
