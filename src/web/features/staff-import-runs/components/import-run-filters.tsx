import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { IMPORT_RUN_KINDS, IMPORT_RUN_RESULTS, type ImportRunKind, type ImportRunResult } from '../../../../shared/api/staff-import-runs';

interface Props {
  kind?: ImportRunKind;
  result?: ImportRunResult;
  onChange: (next: { kind?: ImportRunKind; result?: ImportRunResult }) => void;
}

/** Kind and result, each applied as it is chosen. */
export function ImportRunFilters({ kind, result, onChange }: Props) {
  const { t } = useTranslation('staff-import-runs');
  return (
    <div className="d-flex flex-wrap gap-3 mb-3">
      <Form.Group controlId="import-run-kind">
        <Form.Label>{t('filters.kind')}</Form.Label>
        <Form.Select value={kind ?? ''} onChange={(event) => onChange({ kind: (event.target.value || undefined) as ImportRunKind | undefined, result })}>
          <option value="">{t('filters.all')}</option>
          {IMPORT_RUN_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="import-run-result">
        <Form.Label>{t('filters.result')}</Form.Label>
        <Form.Select value={result ?? ''} onChange={(event) => onChange({ kind, result: (event.target.value || undefined) as ImportRunResult | undefined })}>
          <option value="">{t('filters.all')}</option>
          {IMPORT_RUN_RESULTS.map((value) => (
            <option key={value} value={value}>
              {t(`results.${value}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}
