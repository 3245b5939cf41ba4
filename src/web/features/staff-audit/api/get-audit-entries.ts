import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { AuditExportQuery, AuditListQuery, AuditListResponse } from '../../../../shared/api/staff-audit';
import type { Language } from '../../../../shared/lang';
import { api, apiUrl } from '../../../lib/api-client';

/** The audit list's filters as the call takes them (empty ones left out). */
export type AuditFilters = Omit<AuditListQuery, 'page'> & { page?: number };

/** Query keys of the audit log: a change that writes an entry reloads `auditKey` (timelines and the audit page). */
export const auditKey = ['staff', 'audit'] as const;

/** GET /api/staff/audit: one page of the audit log, newest first. */
export const auditEntriesQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...auditKey, filters],
    queryFn: ({ signal }) =>
      api.get<AuditListResponse>('/api/staff/audit', {
        query: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '' && value !== 1)),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A timeline's or the audit page's entries (staff only). */
export function useAuditEntries(filters: AuditFilters) {
  return useQuery(auditEntriesQueryOptions(filters));
}

/** The address of the log's export with these filters, in the page's language (a plain link: the browser downloads it). */
export const auditExportUrl = (filters: Omit<AuditExportQuery, 'page'>, lang: Language) =>
  apiUrl('/api/staff/audit/export', lang, Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')));
