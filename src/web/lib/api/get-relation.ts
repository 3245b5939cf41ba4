import { queryOptions, useQuery } from '@tanstack/react-query';

import type { RelationRecord, RelationResponse } from '../../../shared/api/account';
import { api } from '../api-client';

/**
 * GET /jsonapi/relation/relation/{relation_uuid}: the caller's own relation (spec section 3), as
 * the account page (company, addresses) and the checkout (delivery addresses and days) read it:
 * one call and one cache entry, `['relation', 'detail', uuid]`.
 */
export async function getRelation(uuid: string, signal?: AbortSignal): Promise<RelationRecord> {
  const response = await api.get<RelationResponse>(`/jsonapi/relation/relation/${encodeURIComponent(uuid)}`, { signal });
  return response.data;
}

export const getRelationQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['relation', 'detail', uuid],
    queryFn: ({ signal }) => getRelation(uuid, signal),
    staleTime: 5 * 60_000,
  });

/** The relation of the current user; nothing is fetched without a relation uuid. */
export function useRelation(uuid: string | null) {
  return useQuery({ ...getRelationQueryOptions(uuid ?? ''), enabled: uuid !== null });
}
