import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { auditExportUrl, useAuditEntries } from '../../../features/staff-audit/api/get-audit-entries';
import { AuditFilterForm, type AuditPageFilters } from '../../../features/staff-audit/components/audit-filters';
import { AuditLogTable, AuditPager } from '../../../features/staff-audit/components/audit-log-table';
import { ApiError } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';

const FILTER_KEYS = ['user', 'entity', 'from', 'until'] as const;

/** The filters in the address (the page too: a change of filter starts at page 1). */
const auditFilters = (search: URLSearchParams): AuditPageFilters => Object.fromEntries(FILTER_KEYS.flatMap((key) => (search.get(key) ? [[key, search.get(key)!]] : [])));

/** The audit log (issue 42, point 2): every change, filtered on who, what and the period, with an export of the same. */
export default function StaffAuditPage() {
  const { t } = useTranslation(['staff-audit', 'errors']);
  usePageTitle(t('page.title'));
  const lang = useLang();
  const { filters, page, show, showPage } = useListAddress(auditFilters);
  const entries = useAuditEntries({ ...filters, page });
  const data = entries.data;
  // A bad filter (a period that ends before it starts) is said in the server's words.
  const refused = entries.error instanceof ApiError && entries.error.status === 400 ? entries.error.message : null;
  return (
    <section>
      <h1 className="page-title">{t('page.title')}</h1>
      <p className="text-body-secondary">{t('page.intro')}</p>
      <AuditFilterForm key={JSON.stringify(filters)} filters={filters} onChange={show} />
      <p className="d-flex flex-wrap align-items-center gap-2">
        <a href={auditExportUrl(filters, lang)} download className="btn btn-outline-primary btn-sm">
          {t('page.export')}
        </a>
        <span className="small text-body-secondary">{t('page.exportNote')}</span>
      </p>
      {entries.isError && <Alert variant="danger">{refused ?? t('errors:generic')}</Alert>}
      {entries.isPending && <PageSpinner />}
      {data && !entries.isError && data.data.length === 0 && <Alert variant="info">{t('page.none')}</Alert>}
      {data && !entries.isError && data.data.length > 0 && (
        <>
          <AuditLogTable entries={data.data} />
          <AuditPager page={page} hasMore={data.meta.has_more} onPage={showPage} />
        </>
      )}
    </section>
  );
}
