import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ImportRun } from '../../../../shared/api/staff-import-runs';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-parts';
import { formatMoment, formatNumber } from '../../../lib/format';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';

import { RunKind, RunResultBadge, RunTook, RunWho } from './run-parts';

/** The runs, newest first, the result beside the number (what a phone shows first): each opens its page. */
export function ImportRunsTable({ runs }: { runs: ImportRun[] }) {
  const { t } = useTranslation('staff-import-runs');
  const lang = useLang();
  const to = useLocalizedPath();
  const n = (value: number) => formatNumber(value, lang);
  return (
    <ScrollRegion label={t('caption')}>
      <Table hover className="align-middle">
        <caption className="visually-hidden">{t('caption')}</caption>
        <TableHead
          columns={[
            t('columns.run'),
            t('columns.result'),
            t('columns.kind'),
            t('columns.started'),
            { label: t('columns.took'), className: 'text-end' },
            { label: t('columns.counts'), className: 'text-end' },
            t('columns.who'),
          ]}
        />
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>
                <Link to={to(`/staff/import-runs/${run.id}`)}>{t('number', { number: run.number })}</Link>
              </td>
              <td>
                <RunResultBadge result={run.result} />
              </td>
              <td>
                <RunKind run={run} />
              </td>
              <td className="text-nowrap">{formatMoment(run.started_at, lang)}</td>
              <td className="text-end text-nowrap">
                <RunTook ms={run.took_ms} />
              </td>
              <td className="text-end text-nowrap">
                {t('counts', { new: n(run.counts.new), changed: n(run.counts.changed), unchanged: n(run.counts.unchanged), refused: n(run.counts.refused) })}
              </td>
              <td>
                <RunWho run={run} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
