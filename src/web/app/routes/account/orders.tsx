import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { getOpenInvoicesQueryOptions } from '../../../features/ordering/history/api/get-open-invoices';
import { getOrdersQueryOptions } from '../../../features/ordering/history/api/get-orders';
import { MyOrders } from '../../../features/ordering/history/components/my-orders';
import { pageParam } from '../../../lib/page-param';
import { getCachedUser } from '../../../lib/session';

/** Starts loading the page of orders and the open invoices with the navigation (the guard has the user in the cache). */
export function clientLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const user = getCachedUser();
    if (!user) return null;
    const page = pageParam(new URL(request.url).searchParams.get('page'));
    void queryClient.prefetchQuery(getOrdersQueryOptions(user.id, page));
    if (user.relation !== null || user.relation_uuid !== null) void queryClient.prefetchQuery(getOpenInvoicesQueryOptions(user.id));
    return null;
  };
}

/** My orders: /{lang}/account/orders?page= (spec section 2). */
export default function OrdersPage() {
  return <MyOrders />;
}
