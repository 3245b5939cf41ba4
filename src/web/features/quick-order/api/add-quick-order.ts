import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { QuickOrderAddResponse, QuickOrderRow } from '../../../../shared/api/quick-order';
import { api } from '../../../lib/api-client';
import { useAddedLinesText } from '../../../lib/api/added-lines';
import { failureText } from '../../../lib/api/failure-text';
import { reloadCart } from '../../../lib/api/get-cart';
import { loadQuickOrderContracts } from '../../../lib/api/quick-order-contracts';
import { toast } from '../../../lib/toast';

/**
 * POST /quick-order/add: every line that can be ordered goes into the cart in one request and one
 * transaction; each line of the answer says whether it was added.
 */
export async function addQuickOrder(rows: QuickOrderRow[]): Promise<QuickOrderAddResponse> {
  const [body, { quickOrderAddResponse }] = await Promise.all([api.post<unknown>('/quick-order/add', { rows }), loadQuickOrderContracts()]);
  return quickOrderAddResponse.parse(body);
}

/**
 * Quick order's and my usual products' add: the toast '3 lines added, 1 left out' (an error toast
 * when nothing was added), an error toast with the server's message for a failure, then the cart
 * is reloaded, which the header's count reads. `leftOutBefore`: lines the page already knew could
 * not be sent (counted as left out too).
 */
export function useAddQuickOrder() {
  const { t } = useTranslation('errors');
  const counts = useAddedLinesText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows }: { rows: QuickOrderRow[]; leftOutBefore?: number }) => addQuickOrder(rows),
    onSuccess: (data, { leftOutBefore = 0 }) => {
      const text = counts(data.added_count, data.left_out_count + leftOutBefore);
      if (data.added_count > 0) toast.success(text);
      else toast.error(text);
    },
    onError: (error) => {
      const text = failureText(error, t('generic'));
      if (text) toast.error(text);
    },
    onSettled: () => reloadCart(queryClient),
  });
}
