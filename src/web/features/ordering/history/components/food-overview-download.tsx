import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../../components/ui/section-card';
import { useLang } from '../../../../lib/use-lang';
import { defaultPeriod, FOOD_OVERVIEW_FORMATS, FOOD_OVERVIEW_MAX_YEARS, foodOverviewUrl, periodProblem } from '../api/food-overview';

/**
 * 'Allergen overview' on My orders (issue 19 point 5): the allergens and ingredients of everything
 * the relation bought in a period (by default the last 90 days) as a PDF, CSV or Excel download,
 * made by the server in the page's language. Plain links: nothing is fetched by the page.
 */
export function FoodOverviewDownload({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const id = useId();
  const [period, setPeriod] = useState(() => defaultPeriod(now()));
  const problem = periodProblem(period.from, period.to);

  return (
    <SectionCard id={`${id}-title`} title={t('foodOverview.title')} className="mt-4" testId="food-overview">
      <p className="text-body-secondary">{t('foodOverview.intro')}</p>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId={`${id}-from`}>
          <Form.Label>{t('foodOverview.from')}</Form.Label>
          <Form.Control
            type="date"
            value={period.from}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setPeriod((p) => ({ ...p, from: event.target.value }))}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-to`}>
          <Form.Label>{t('foodOverview.to')}</Form.Label>
          <Form.Control
            type="date"
            value={period.to}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setPeriod((p) => ({ ...p, to: event.target.value }))}
          />
        </Form.Group>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-danger mb-0" role="alert">
          {t(`foodOverview.problem.${problem}`, { years: FOOD_OVERVIEW_MAX_YEARS })}
        </p>
      ) : (
        <ul className="list-inline mb-0" aria-label={t('foodOverview.downloads')}>
          {FOOD_OVERVIEW_FORMATS.map((format) => (
            <li key={format} className="list-inline-item">
              <a className="btn btn-outline-primary" href={foodOverviewUrl(lang, period.from, period.to, format)} download>
                {t(`foodOverview.format.${format}`)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
