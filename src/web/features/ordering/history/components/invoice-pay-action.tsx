import { useIsMutating } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';

import type { CashInvoice } from '../../../../../shared/api/orders';
import { BusyButton } from '../../../../components/ui/busy-button';
import { isCredit } from '../api/get-open-invoices';
import { PAY_INVOICE_MUTATION_KEY, usePayInvoice } from '../api/pay-invoice';

interface PayButtonProps {
  invoiceId: number;
  /** Named for screen readers after the visible text (many rows have a 'Pay now'). */
  invoiceNumber: string | null;
  size?: 'sm' | 'lg';
  /** 'Pay now' (default) or 'Try again' on the failed page. */
  label?: 'payNow' | 'tryAgain';
}

/**
 * Starts the invoice's payment and sends the browser to the payment page. While one invoice's
 * payment starts, every such button waits; after the start the browser leaves, so it stays
 * disabled.
 */
export function PayInvoiceButton({ invoiceId, invoiceNumber, size = 'sm', label = 'payNow' }: PayButtonProps) {
  const { t } = useTranslation('orders');
  const pay = usePayInvoice();
  const starting = useIsMutating({ mutationKey: PAY_INVOICE_MUTATION_KEY }) > 0;
  const leaving = pay.isSuccess && Boolean(pay.data);
  const text = label === 'tryAgain' ? t('cashInvoice.tryAgain') : t('invoice.payNow');
  return (
    <BusyButton
      variant="primary"
      size={size}
      className="text-nowrap"
      aria-label={invoiceNumber ? `${text} ${t('invoice.payNowOf', { invoiceNumber })}` : undefined}
      busy={pay.isPending || leaving}
      disabled={starting || leaving}
      onClick={() => pay.mutate(invoiceId)}
    >
      {text}
    </BusyButton>
  );
}

/** 'Pay now' for an invoice with an amount above 0, 'Credit' otherwise (spec section 2). */
export function InvoicePayAction({ invoice, size = 'sm' }: { invoice: CashInvoice; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('orders');
  if (isCredit(invoice)) {
    return (
      <Badge bg="success" className="fw-normal" data-testid="invoice-credit">
        {t('invoice.credit')}
      </Badge>
    );
  }
  return <PayInvoiceButton invoiceId={invoice.id} invoiceNumber={invoice.invoiceNumber} size={size} />;
}
