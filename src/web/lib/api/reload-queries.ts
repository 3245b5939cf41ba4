import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Reloads the queries a change made stale (the one way every change does it). A load still under
 * way began before the change: TanStack Query lets a refetch join a load in flight unless the query
 * already has data (query-core Query.fetch, cancelRefetch), so a change right after the page opened,
 * while a first load was under way, showed what was there before it (an add to the cart left the
 * header's count at 0). Such a load is cancelled first; the reload then asks anew.
 */
export async function reloadQueries(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
