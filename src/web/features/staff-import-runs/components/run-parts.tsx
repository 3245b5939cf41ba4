import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';

import type { ImportRun, ImportRunResult } from '../../../../shared/api/staff-import-runs';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

const BADGE: Record<ImportRunResult, { bg: string; text?: 'dark' }> = {
  running: { bg: 'info', text: 'dark' },
  ok: { bg: 'success' },
  with_errors: { bg: 'warning', text: 'dark' },
  failed: { bg: 'danger' },
};

/** How a run ended, as a badge (its colour says it too; the text is what counts). */
export function RunResultBadge({ result }: { result: ImportRunResult }) {
  const { t } = useTranslation('staff-import-runs');
  const { bg, text } = BADGE[result];
  return (
    <Badge bg={bg} text={text}>
      {t(`results.${result}`)}
    </Badge>
  );
}

/** How long a run took: milliseconds under a second, else seconds with one decimal. */
export function RunTook({ ms }: { ms: number | null }) {
  const { t } = useTranslation('staff-import-runs');
  const lang = useLang();
  if (ms === null) return <>{t('running')}</>;
  if (ms < 1000) return <>{t('tookMs', { ms: formatNumber(ms, lang) })}</>;
  return <>{t('tookSeconds', { seconds: new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 1 }).format(ms / 1000) })}</>;
}

/** Who started a run: the connection's token or the command line's user. */
export function RunWho({ run }: { run: ImportRun }) {
  const { t } = useTranslation('staff-import-runs');
  return (
    <>
      {t(`source.${run.source}`)}
      {run.started_by && <div className="small text-body-secondary text-break">{run.started_by}</div>}
    </>
  );
}

/** What a run imported, with a dry run or a full list said. */
export function RunKind({ run }: { run: ImportRun }) {
  const { t } = useTranslation('staff-import-runs');
  return (
    <>
      {t(`kinds.${run.kind}`)}
      {run.dry_run && (
        <Badge bg="secondary" className="ms-2">
          {t('dryRun')}
        </Badge>
      )}
      {run.deactivate_missing && (
        <Badge bg="light" text="dark" className="ms-2 border">
          {t('full')}
        </Badge>
      )}
    </>
  );
}
