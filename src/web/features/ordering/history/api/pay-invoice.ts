import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/api/failure-text';
import { paymentPage } from '../../../../lib/payment-page';
import { toast } from '../../../../lib/toast';

import { loadOrderContracts } from './contracts';

/**
 * POST /api/cash-invoice/{id}/create-payment: a payment of the invoice's outstanding amount at
 * the payment provider. Answers its paymentUrl (empty when the answer has none).
 */
export async function createInvoicePayment(invoiceId: number): Promise<string> {
  const [body, { invoicePaymentResponse }] = await Promise.all([
    api.post<unknown>(`/api/cash-invoice/${invoiceId}/create-payment`),
    loadOrderContracts(),
  ]);
  const parsed = invoicePaymentResponse.safeParse(body);
  return parsed.success ? parsed.data.paymentUrl : '';
}

/** Every invoice payment starts under this key: one at a time. */
export const PAY_INVOICE_MUTATION_KEY = ['cash-invoices', 'pay'] as const;

/**
 * 'Pay now' (spec sections 2 and 7): starts the invoice's payment and sends the browser to the
 * provider's page. Without a payment URL the error is only logged; a refusal (a credit, an
 * invoice paid meanwhile) shows the server's message as an error toast.
 */
export function usePayInvoice() {
  const { t } = useTranslation('errors');
  return useMutation({
    mutationKey: PAY_INVOICE_MUTATION_KEY,
    mutationFn: createInvoicePayment,
    onSuccess: (paymentUrl, invoiceId) => {
      if (paymentUrl) paymentPage.go(paymentUrl);
      else console.error(`The payment of invoice ${invoiceId} has no payment URL.`);
    },
    onError: (error) => {
      const text = failureText(error, t('generic'));
      if (text) toast.error(text);
    },
  });
}
