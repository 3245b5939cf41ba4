import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { Alert } from '../../../../components/ui/alert';
import { useLocalizedPath } from '../../../../lib/use-lang';
import { usePageTitle } from '../../../../lib/use-page-title';
import { invoiceIdOf } from '../api/invoice-payment-return';

import { PayInvoiceButton } from './invoice-pay-action';

/** The page of an invoice payment's result: its title (also the document's), and the result in a card. */
function ResultPage({ page, className, children }: { page: 'cashInvoicePaid' | 'cashInvoiceFailed'; className: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <section className={className}>
      <h1 className="page-title">{title}</h1>
      <div className="row justify-content-center mt-4">
        <div className="col-md-10 col-lg-8 col-xl-7">
          <Card>
            <Card.Body className="p-4">{children}</Card.Body>
          </Card>
        </div>
      </div>
    </section>
  );
}

/** /{lang}/cash-invoices/payment/{id}/completed?invoiceNumber=…: 'Invoice paid' (spec section 2). */
export function CashInvoicePaid() {
  const { t } = useTranslation('orders');
  const to = useLocalizedPath();
  const invoiceNumber = useSearchParams()[0].get('invoiceNumber');
  return (
    <ResultPage page="cashInvoicePaid" className="cash-invoice-paid">
      <Alert variant="success" data-testid="invoice-payment-result">
        {invoiceNumber ? t('cashInvoice.paid', { invoiceNumber }) : t('cashInvoice.paidNoNumber')}
      </Alert>
      <Link to={to('/account/orders')} className="btn btn-primary">
        {t('cashInvoice.toOrders')}
      </Link>
    </ResultPage>
  );
}

/**
 * /{lang}/cash-invoices/payment/{id}/failed?invoiceNumber=…: 'Invoice payment failed' with the
 * texts of spec section 8, a way to pay again and the way back to My orders.
 */
export function CashInvoiceFailed() {
  const { t } = useTranslation('orders');
  const to = useLocalizedPath();
  const invoiceNumber = useSearchParams()[0].get('invoiceNumber');
  const invoiceId = invoiceIdOf(useParams().cashInvoice);
  return (
    <ResultPage page="cashInvoiceFailed" className="cash-invoice-failed">
      <Alert variant="danger" data-testid="invoice-payment-result">
        <p className="mb-1">{invoiceNumber ? t('cashInvoice.failed', { invoiceNumber }) : t('cashInvoice.failedNoNumber')}</p>
        <p className="mb-0">{t('cashInvoice.failedHelp')}</p>
      </Alert>
      <div className="d-flex flex-wrap gap-2">
        {/* a new payment of the same invoice; a refusal (paid meanwhile) shows as a toast */}
        {invoiceId !== null ? <PayInvoiceButton invoiceId={invoiceId} invoiceNumber={invoiceNumber} size="lg" label="tryAgain" /> : null}
        <Link to={to('/account/orders')} className="btn btn-outline-primary btn-lg">
          {t('cashInvoice.toOrders')}
        </Link>
      </div>
    </ResultPage>
  );
}
