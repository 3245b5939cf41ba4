import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { invoiceIdOf } from '../api/invoice-payment-return';

import { PayInvoiceButton } from './invoice-pay-action';

function ResultCard({ children }: { children: ReactNode }) {
  return (
    <div className="row justify-content-center mt-4">
      <div className="col-md-10 col-lg-8 col-xl-7">
        <Card>
          <Card.Body className="p-4">{children}</Card.Body>
        </Card>
      </div>
    </div>
  );
}

/** /{lang}/cash-invoices/payment/{id}/completed?invoiceNumber=…: 'Invoice paid' (spec section 2). */
export function CashInvoicePaid() {
  const { t } = useTranslation(['orders', 'common']);
  const title = t('common:pages.cashInvoicePaid');
  usePageTitle(title);
  const to = useLocalizedPath();
  const invoiceNumber = useSearchParams()[0].get('invoiceNumber');
  return (
    <section className="cash-invoice-paid">
      <h1 className="page-title">{title}</h1>
      <ResultCard>
        <Alert variant="success" data-testid="invoice-payment-result">
          {invoiceNumber ? t('orders:cashInvoice.paid', { invoiceNumber }) : t('orders:cashInvoice.paidNoNumber')}
        </Alert>
        <Link to={to('/account/orders')} className="btn btn-primary">
          {t('orders:cashInvoice.toOrders')}
        </Link>
      </ResultCard>
    </section>
  );
}

/**
 * /{lang}/cash-invoices/payment/{id}/failed?invoiceNumber=…: 'Invoice payment failed' with the
 * texts of spec section 8, a way to pay again and the way back to My orders.
 */
export function CashInvoiceFailed() {
  const { t } = useTranslation(['orders', 'common']);
  const title = t('common:pages.cashInvoiceFailed');
  usePageTitle(title);
  const to = useLocalizedPath();
  const invoiceNumber = useSearchParams()[0].get('invoiceNumber');
  const invoiceId = invoiceIdOf(useParams().cashInvoice);
  return (
    <section className="cash-invoice-failed">
      <h1 className="page-title">{title}</h1>
      <ResultCard>
        <Alert variant="danger" data-testid="invoice-payment-result">
          <p className="mb-1">{invoiceNumber ? t('orders:cashInvoice.failed', { invoiceNumber }) : t('orders:cashInvoice.failedNoNumber')}</p>
          <p className="mb-0">{t('orders:cashInvoice.failedHelp')}</p>
        </Alert>
        <div className="d-flex flex-wrap gap-2">
          {/* a new payment of the same invoice; a refusal (paid meanwhile) shows as a toast */}
          {invoiceId !== null ? <PayInvoiceButton invoiceId={invoiceId} invoiceNumber={invoiceNumber} size="lg" label="tryAgain" /> : null}
          <Link to={to('/account/orders')} className="btn btn-outline-primary btn-lg">
            {t('orders:cashInvoice.toOrders')}
          </Link>
        </div>
      </ResultCard>
    </section>
  );
}
