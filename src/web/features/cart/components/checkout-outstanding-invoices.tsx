import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';

/**
 * Seam: the outstanding invoices shown when the payment method is 'ideal' (spec section 2), paid
 * together with the order. The invoices call (GET /api/checkout/{order}/invoices) comes with a
 * later issue; until then this shows only the note, never made-up invoices.
 */
export function CheckoutOutstandingInvoices() {
  const { t } = useTranslation('checkout');
  return (
    <Alert variant="info" className="checkout-invoices mb-0 mt-3" aria-label={t('invoices.title')}>
      <Alert.Heading as="h3" className="h6">
        {t('invoices.title')}
      </Alert.Heading>
      <p className="mb-0">{t('invoices.note')}</p>
    </Alert>
  );
}
