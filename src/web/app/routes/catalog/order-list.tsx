import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';

import { Assortment } from '../../../features/catalog/components/assortment';

import { assortmentLoader } from './assortment';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return assortmentLoader(queryClient, 'order-list');
}

/** /{lang}/assortment/order-list: the assortment screen showing only the relation's favourites. */
export default function OrderListPage() {
  return <Assortment mode="order-list" />;
}
