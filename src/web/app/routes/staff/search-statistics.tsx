import { useTranslation } from 'react-i18next';

import { SearchStatistics } from '../../../features/staff/components/search-statistics';
import { usePageTitle } from '../../../lib/use-page-title';

/** What customers search for, and the searches that found nothing. */
export default function StaffSearchStatisticsPage() {
  const { t } = useTranslation('staff-layout');
  usePageTitle(t('nav.searchStatistics'));
  return (
    <section>
      <h1 className="page-title">{t('nav.searchStatistics')}</h1>
      <SearchStatistics enabled />
    </section>
  );
}
