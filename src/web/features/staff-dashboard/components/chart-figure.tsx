import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A chart with its text alternatives: the chart's canvas is an image named by its summary (its
 * `aria-label`), and the same figures follow as a table behind 'Show as table' (for screen
 * readers and for copying).
 */
export function ChartFigure({ id, title, chart, table }: { id: string; title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation('staff-dashboard');
  return (
    <figure className="mb-0" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="h5">
        {title}
      </figcaption>
      <div className="dashboard-chart">
        {chart}
      </div>
      <details className="mt-2">
        <summary className="small">{t('showTable')}</summary>
        {table}
      </details>
    </figure>
  );
}
