import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { QuickOrderAddResponse, QuickOrderLine } from '../../../shared/api/quick-order';
import { api } from '../api-client';
import { toast } from '../toast';

import { useAddedLinesText } from './added-lines';
import { failureText } from './failure-text';
import { reloadCart } from './get-cart';
import { loadQuickOrderContracts } from './quick-order-contracts';

/**
 * POST /quick-order/order-again {order} (issue 18, point 6): every line of one of the caller's
 * placed orders that can still be ordered goes into the cart in one transaction; the answer says
 * per line whether it was added and, when not, why.
 */
export async function orderAgain(order: string): Promise<QuickOrderAddResponse> {
  const [body, { quickOrderAddResponse }] = await Promise.all([api.post<unknown>('/quick-order/order-again', { order }), loadQuickOrderContracts()]);
  return quickOrderAddResponse.parse(body);
}

/** The lines of an add's answer that did not go into the cart. */
export function leftOutLines(response: Pick<QuickOrderAddResponse, 'lines'> | undefined): QuickOrderLine[] {
  return response?.lines.filter((line) => line.added !== true) ?? [];
}

/**
 * 'Order again' on the completed page and an order's detail: the toast says 'Added to you cart'
 * (spec section 8, `successText` from the caller's translations) with how many lines were added and
 * left out; the page shows the left-out lines themselves (`leftOutLines(mutation.data)`). The cart
 * is reloaded either way, which the header's count reads.
 */
export function useOrderAgain({ successText }: { successText: string }) {
  const { t } = useTranslation('errors');
  const counts = useAddedLinesText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderAgain,
    onSuccess: (data) => {
      const summary = counts(data.added_count, data.left_out_count);
      if (data.added_count > 0) {
        toast.success(
          <>
            <strong className="d-block">{successText}</strong>
            {summary}
          </>,
        );
      } else {
        toast.error(summary);
      }
    },
    onError: (error) => {
      const text = failureText(error, t('generic'));
      if (text) toast.error(text);
    },
    onSettled: () => reloadCart(queryClient),
  });
}
