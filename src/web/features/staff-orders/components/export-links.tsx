import { useTranslation } from 'react-i18next';

import type { BoardExportFormat } from '../../../../shared/api/staff-orders';
import { apiUrl } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { type BoardParams, boardQueryOf } from '../board-query';

/** The export's address for the board's current filters (every page). */
export const exportUrl = (params: BoardParams, format: BoardExportFormat, lang: 'nl' | 'en') => apiUrl('/api/staff/orders/export', lang, { ...boardQueryOf(params, { page: false }), format });

/** Plain links to the export of the filtered list, as CSV and as XLSX. */
export function ExportLinks({ params }: { params: BoardParams }) {
  const { t } = useTranslation('staff-orders');
  const lang = useLang();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" role="group" aria-label={t('export.label')}>
      <a className="btn btn-outline-secondary btn-sm" href={exportUrl(params, 'csv', lang)} download>
        {t('export.csv')}
      </a>
      <a className="btn btn-outline-secondary btn-sm" href={exportUrl(params, 'xlsx', lang)} download>
        {t('export.xlsx')}
      </a>
      <span className="small text-body-secondary">{t('export.note')}</span>
    </div>
  );
}
