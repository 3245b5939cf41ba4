import { useTranslation } from 'react-i18next';

import type { AuditEntry } from '../../../../shared/api/staff-audit';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatMoment } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { type AuditFilters, useAuditEntries } from '../api/get-audit-entries';

import { fieldChanges } from './audit-change';

/** Who made a change: the user (with the staff user behind a masquerade), or a part of the shop. */
export function AuditWho({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('staff-audit');
  if (!entry.user) return <>{t('system', { name: entry.system ?? '?' })}</>;
  if (entry.masquerade_from) return <>{t('masqueraded', { user: entry.user.name, staff: entry.masquerade_from.name })}</>;
  return <>{entry.user.name}</>;
}

/**
 * The fields an entry changed, before → after; an entry with nothing before (a record of what
 * happened, such as an import's counts) shows its fields as they are, on one line.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  if (entry.before === null || entry.before === undefined) {
    return (
      <p className="small mb-0">
        {changes.map((change, index) => (
          <span key={change.field}>
            {index > 0 && ' · '}
            {change.field && <span className="text-body-secondary">{change.field}: </span>}
            {change.after}
          </span>
        ))}
      </p>
    );
  }
  return (
    <ul className="list-unstyled small mb-0">
      {changes.map((change) => (
        <li key={change.field}>
          {change.field && <span className="text-body-secondary">{change.field}: </span>}
          <del className="text-body-secondary">{change.before}</del> → <ins>{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}

function TimelineItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('staff-audit');
  const lang = useLang();
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <strong>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</strong>
        <time dateTime={entry.at} className="text-body-secondary small">
          {formatMoment(entry.at, lang)}
        </time>
      </div>
      <div className="small">
        <AuditWho entry={entry} />
      </div>
      <AuditChanges entry={entry} />
      {entry.reason && <p className="small mb-0">{t('reason', { reason: entry.reason })}</p>}
    </li>
  );
}

/**
 * The audit entries of one order or customer, newest first (issue 42, point 2): when, who, what
 * and the change. `filters` picks the entries, e.g. `{ entity: 'order', entity_id: '12' }`.
 */
export function AuditTimeline({ filters, title }: { filters: AuditFilters; title?: string }) {
  const { t } = useTranslation(['staff-audit', 'errors']);
  const entries = useAuditEntries(filters);
  const heading = title ?? t('staff-audit:timeline');
  return (
    <section className="mt-4" aria-label={heading}>
      <h2 className="h5">{heading}</h2>
      {entries.isError && <Alert variant="danger">{t('errors:generic')}</Alert>}
      {entries.isPending && <PageSpinner />}
      {entries.data?.data.length === 0 && <p className="text-body-secondary">{t('staff-audit:empty')}</p>}
      {entries.data && entries.data.data.length > 0 && (
        <ol className="list-group">
          {entries.data.data.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
