import { queryOptions, useQuery } from '@tanstack/react-query';

import type { UndeliveredMailsResponse } from '../../../../shared/api/mail';
import { api } from '../../../lib/api-client';

/** GET /api/staff/undelivered-mails (staff only): the mails the shop gave up on, latest first. */
export const undeliveredMailsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'undelivered-mails'],
    queryFn: ({ signal }) => api.get<UndeliveredMailsResponse>('/api/staff/undelivered-mails', { signal }),
  });

/** `enabled` is false for anyone but staff: a customer's call would answer 403, which logs out. */
export function useUndeliveredMails({ enabled }: { enabled: boolean }) {
  return useQuery({ ...undeliveredMailsQueryOptions(), enabled });
}
