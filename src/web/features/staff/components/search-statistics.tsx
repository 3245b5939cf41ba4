import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { SearchTermCount } from '../../../../shared/api/search';
import { Alert } from '../../../components/ui/alert';
import { TableHead } from '../../../components/ui/table-parts';
import { failureText } from '../../../lib/api/failure-text';
import { formatNumber } from '../../../lib/format';
import { type SearchStatisticsPeriod, useSearchStatistics } from '../api/get-search-statistics';

function TermTable({ id, title, terms, counted }: { id: string; title: string; terms: SearchTermCount[]; counted: 'searches' | 'empty_searches' }) {
  const { t, i18n } = useTranslation('staff');
  const number = (n: number) => formatNumber(n, i18n.language === 'en' ? 'en' : 'nl');
  return (
    <div className="col-lg-6">
      <h3 id={id} className="h6">
        {title}
      </h3>
      {terms.length === 0 ? (
        <p className="text-body-secondary">{t('searchStatistics.none')}</p>
      ) : (
        <Table size="sm" striped aria-labelledby={id}>
          <TableHead columns={[{ label: '#', className: 'text-end' }, t('searchStatistics.term'), { label: t(`searchStatistics.${counted}`), className: 'text-end' }]} />
          <tbody>
            {terms.map((term, index) => (
              <tr key={term.term}>
                <td className="text-end text-body-secondary">{index + 1}</td>
                <td className="text-break">{term.term}</td>
                <td className="text-end">{number(term[counted])}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

/**
 * What customers searched for in the product list (issue 20, decision 026): the top 50 terms and
 * the top 50 that found nothing, for a chosen period (default the last 30 days). Counts only,
 * never who searched.
 */
export function SearchStatistics({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['staff', 'errors']);
  const [period, setPeriod] = useState<SearchStatisticsPeriod>({ from: '', to: '' });
  const [draft, setDraft] = useState<SearchStatisticsPeriod>(period);
  const statistics = useSearchStatistics(period, { enabled });
  const data = statistics.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    setPeriod(draft);
  }

  return (
    <section className="mt-5" aria-labelledby="search-statistics">
      <h2 id="search-statistics" className="h5">
        {t('staff:searchStatistics.title')}
      </h2>
      <p className="text-body-secondary">{t('staff:searchStatistics.intro')}</p>
      <Form onSubmit={submit} className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <Form.Group controlId="search-statistics-from">
          <Form.Label>{t('staff:searchStatistics.from')}</Form.Label>
          <Form.Control type="date" value={draft.from || data?.from || ''} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </Form.Group>
        <Form.Group controlId="search-statistics-to">
          <Form.Label>{t('staff:searchStatistics.to')}</Form.Label>
          <Form.Control type="date" value={draft.to || data?.to || ''} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Form.Group>
        <Button type="submit" variant="primary">
          {t('staff:searchStatistics.show')}
        </Button>
      </Form>
      {statistics.isError ? (
        <Alert variant="danger">{failureText(statistics.error, t('errors:generic'), { networkMessage: false }) ?? t('errors:generic')}</Alert>
      ) : data ? (
        <div className="row g-4">
          <TermTable id="search-statistics-top" title={t('staff:searchStatistics.top')} terms={data.top} counted="searches" />
          <TermTable id="search-statistics-empty" title={t('staff:searchStatistics.withoutResults')} terms={data.without_results} counted="empty_searches" />
        </div>
      ) : null}
    </section>
  );
}
