import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

import type { RequestPriceResponse } from '../../../../shared/api/catalog-actions';
import { api } from '../../../lib/api-client';

import { loadCatalogContracts } from './contracts';

export interface RequestPriceInput {
  /** The product uuid. */
  productId: string;
  quantity: number;
}

/** POST /api/product/{id}/request-price {quantity}: mails the sales department; `status` 1 sent, 0 not. */
export async function requestPrice({ productId, quantity }: RequestPriceInput): Promise<RequestPriceResponse> {
  const [body, { requestPriceResponse }] = await Promise.all([
    api.post<unknown>(`/api/product/${encodeURIComponent(productId)}/request-price`, { quantity }),
    loadCatalogContracts(),
  ]);
  return requestPriceResponse.parse(body);
}

type Config = Omit<UseMutationOptions<RequestPriceResponse, Error, RequestPriceInput>, 'mutationFn'>;

/** The callbacks of `config` run even when the dialog was closed meanwhile (unlike those given to `mutate`). */
export function useRequestPrice(config: Config = {}) {
  return useMutation({ ...config, mutationFn: requestPrice });
}
