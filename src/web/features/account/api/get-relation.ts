import { queryOptions, useQuery } from '@tanstack/react-query';

import type { RelationRecord, RelationResponse } from '../../../../shared/api/account';
import { api } from '../../../lib/api-client';

/** GET /jsonapi/relation/relation/{relation_uuid}: the caller's own relation (spec section 3). */
export async function getRelation(uuid: string): Promise<RelationRecord> {
  const response = await api.get<RelationResponse>(`/jsonapi/relation/relation/${encodeURIComponent(uuid)}`);
  return response.data;
}

export const getRelationQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['relation', 'detail', uuid],
    queryFn: () => getRelation(uuid),
    staleTime: 5 * 60_000,
  });

/** The relation of the current user; nothing is fetched without a relation uuid. */
export function useRelation(uuid: string | null) {
  return useQuery({ ...getRelationQueryOptions(uuid ?? ''), enabled: uuid !== null });
}
