import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ImportRunDetail } from '../../../../shared/api/staff-import-runs';
import { renderApp } from '../../../test/render';

import { RunErrors, RunOutcome } from './import-run-detail';

const run: ImportRunDetail = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 8,
  kind: 'stock',
  source: 'http',
  started_by: 'ERP token 3f9c2a71',
  format: 'csv',
  dry_run: false,
  deactivate_missing: false,
  started_at: '2026-12-03T19:12:00Z',
  finished_at: '2026-12-03T19:12:01Z',
  took_ms: 14,
  rows: 0,
  counts: { new: 0, changed: 0, unchanged: 0, deactivated: 0, refused: 0 },
  error_count: 1,
  result: 'failed',
  failure_code: 'no_rows',
  failure: '(file) has no rows',
  errors: [{ line: 0, field: '(file)', message: 'has no rows' }],
  errors_kept: 1,
};

describe('an import run', () => {
  it('says at the top why a failed run failed, in the language and in the import’s own words', async () => {
    renderApp('/nl/run', { routes: () => [{ path: '/nl/run', element: <RunOutcome run={run} /> }] });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Deze import is mislukt');
    expect(alert).toHaveTextContent('Het bestand was leeg.');
    expect(alert).toHaveTextContent('Melding van de import: (file) has no rows');
  });

  it('links the CSV of its errors in the page’s language and names a whole-file error so', async () => {
    renderApp('/en/run', { routes: () => [{ path: '/en/run', element: <RunErrors run={run} /> }] });
    const link = await screen.findByRole('link', { name: 'Download the errors (CSV)' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe(`/backend/en/api/staff/import-runs/${run.id}/errors.csv`);
    expect(screen.getByRole('region', { name: 'Errors per line' })).toHaveTextContent('file(file)has no rows');
  });
});
