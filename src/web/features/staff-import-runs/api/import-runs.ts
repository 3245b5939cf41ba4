import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ImportRunDetail, ImportRunKind, ImportRunListQuery, ImportRunListResponse, ImportRunResult } from '../../../../shared/api/staff-import-runs';
import { api, apiUrl } from '../../../lib/api-client';
import type { Language } from '../../../../shared/lang';

export interface ImportRunFilters {
  kind?: ImportRunKind;
  result?: ImportRunResult;
  page: number;
}

/** GET /api/staff/import-runs (admin): a page of the runs, newest first. */
export const importRunsQueryOptions = ({ kind, result, page }: ImportRunFilters) =>
  queryOptions({
    queryKey: ['staff', 'import-runs', { kind, result, page }],
    queryFn: ({ signal }) => {
      const query = { kind, result, page: page > 1 ? page : undefined } satisfies ImportRunListQuery;
      return api.get<ImportRunListResponse>('/api/staff/import-runs', { query, signal });
    },
    placeholderData: keepPreviousData,
  });

export function useImportRuns(filters: ImportRunFilters) {
  return useQuery(importRunsQueryOptions(filters));
}

/** GET /api/staff/import-runs/{id}: one run with its first errors. */
export function useImportRun(id: string) {
  return useQuery({
    queryKey: ['staff', 'import-runs', 'one', id],
    queryFn: ({ signal }) => api.get<ImportRunDetail>(`/api/staff/import-runs/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** The address of a run's errors as CSV, in the page's language (a plain link: the browser downloads it). */
export const importRunErrorsUrl = (id: string, lang: Language) => apiUrl(`/api/staff/import-runs/${encodeURIComponent(id)}/errors.csv`, lang);
