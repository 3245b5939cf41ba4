import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CachedCurrentUser, CurrentUserRecord, CurrentUserResponse } from '../../../../shared/api/account';
import { api } from '../../../lib/api-client';
import { sessionEndedHere, setCachedUser, useSessionUser } from '../../../lib/session';

export const currentUserQueryKey = ['current-user', 'detail'] as const;

/** What the web keeps of the current-user record (spec section 3). */
export function toCachedUser(record: CurrentUserRecord): CachedCurrentUser {
  return {
    id: record.drupal_internal__uid,
    name: record.display_name,
    relation: record.active_relation?.drupal_internal__id ?? null,
    relation_uuid: record.active_relation?.id ?? null,
    data: record,
  };
}

/** GET /jsonapi/current-user; always stores the answer in the local cache ('check logged in'). */
export async function getCurrentUser(): Promise<CachedCurrentUser> {
  const response = await api.get<CurrentUserResponse>('/jsonapi/current-user', {
    query: { jsonapi_include: 1, include: 'active_relation' },
  });
  const user = toCachedUser(response.data);
  setCachedUser(user);
  return user;
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    retry: false,
    staleTime: Infinity,
  });

/**
 * The current user, read from the local cache first; without a cache it is fetched (a
 * session cookie may still be valid) unless the session was just ended in this page.
 * `refetch` is the 'check logged in' call.
 */
export function useCurrentUser() {
  const cached = useSessionUser();
  const ended = cached === null && sessionEndedHere();
  const query = useQuery({ ...getCurrentUserQueryOptions(), enabled: cached === null && !ended });
  return {
    user: cached,
    isLoading: cached === null && !ended && !query.isError,
    isAnonymous: cached === null && (ended || query.isError),
    refetch: query.refetch,
  };
}
