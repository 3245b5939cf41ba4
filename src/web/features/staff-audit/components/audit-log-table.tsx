import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { AuditEntry } from '../../../../shared/api/staff-audit';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-parts';
import { formatMoment } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

import { AuditChanges, AuditWho } from './audit-timeline';

/** The log's entries on a narrow screen: one item each, the same facts stacked. */
function AuditLogList({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('staff-audit');
  const lang = useLang();
  return (
    <ol className="list-group d-md-none mb-3" aria-label={t('page.caption')}>
      {entries.map((entry) => (
        <li key={entry.id} className="list-group-item">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <strong>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</strong>
            <time dateTime={entry.at} className="small text-body-secondary">
              {formatMoment(entry.at, lang)}
            </time>
          </div>
          <div className="small">
            {t(`page.entities.${entry.entity}`, { defaultValue: entry.entity })} {entry.entity_id} · <AuditWho entry={entry} />
            {entry.ip && <span className="text-body-secondary"> · {entry.ip}</span>}
          </div>
          <div className="text-break">
            <AuditChanges entry={entry} />
          </div>
          {entry.reason && <div className="small">{t('reason', { reason: entry.reason })}</div>}
        </li>
      ))}
    </ol>
  );
}

/** The log's entries, newest first: when, who, what, the action, the changed fields and the reason, the address (a list on a phone). */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <AuditLogList entries={entries} />
      <div className="d-none d-md-block">
        <AuditLogWide entries={entries} />
      </div>
    </>
  );
}

function AuditLogWide({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('staff-audit');
  const lang = useLang();
  return (
    <ScrollRegion label={t('page.caption')}>
      <Table className="align-top">
        <caption className="visually-hidden">{t('page.caption')}</caption>
        <TableHead columns={[t('page.columns.when'), t('page.columns.who'), t('page.columns.what'), t('page.columns.action'), t('page.columns.change'), t('page.columns.address')]} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="text-nowrap">
                <time dateTime={entry.at}>{formatMoment(entry.at, lang)}</time>
              </td>
              <td>
                <AuditWho entry={entry} />
              </td>
              <td className="text-nowrap">
                {t(`page.entities.${entry.entity}`, { defaultValue: entry.entity })} <span className="text-body-secondary">{entry.entity_id}</span>
              </td>
              <td>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</td>
              <td className="text-break" style={{ minWidth: '14rem' }}>
                <AuditChanges entry={entry} />
                {entry.reason && <div className="small">{t('reason', { reason: entry.reason })}</div>}
              </td>
              <td className="small text-nowrap">{entry.ip ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Previous and next (the log says whether more follow, not how many there are). */
export function AuditPager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('staff-audit');
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={t('page.pager')}>
      <ul className="pagination justify-content-center align-items-center gap-2">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('page.previous')}
          </button>
        </li>
        <li className="px-2">{t('page.pageNumber', { page })}</li>
        <li className={`page-item${hasMore ? '' : ' disabled'}`}>
          <button type="button" className="page-link" disabled={!hasMore} onClick={() => onPage(page + 1)}>
            {t('page.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
