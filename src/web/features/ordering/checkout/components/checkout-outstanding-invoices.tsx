import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../../components/ui/alert';
import type { CheckoutInvoicesResponse } from '../../../../../shared/api/payments';
import { formatEuros } from '../../../../lib/format';
import { useLang } from '../../../../lib/use-lang';
import { TableHead } from '../../../../components/ui/table-parts';
import { useCart } from '../../../../lib/api/get-cart';
import { useCheckoutInvoices } from '../api/payments';


function InvoicesTable({ data }: { data: CheckoutInvoicesResponse }) {
  const { t } = useTranslation('checkout');
  if (data.invoices.length === 0) return <p className="mb-3 text-body-secondary">{t('invoices.none')}</p>;
  return (
    <Table size="sm" className="checkout-invoice-lines align-middle mb-3">
      <TableHead columns={[t('invoices.invoiceNumber'), { label: t('invoices.amount'), className: 'text-end' }]} />
      <tbody>
        {data.invoices.map((invoice) => {
          const credit = invoice.outstandingAmount < 0;
          return (
            <tr key={invoice.invoiceNumber} className="checkout-invoice" data-invoice={invoice.invoiceNumber} data-credit={credit || undefined}>
              <td>{invoice.invoiceNumber}</td>
              <td className="text-end text-nowrap">
                {credit ? (
                  <Badge bg="success" className="me-2 fw-normal">
                    {t('invoices.credit')}
                  </Badge>
                ) : null}
                <span className={credit ? 'text-success' : undefined}>{formatEuros(invoice.outstandingAmount)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** One line of the totals: a label and its amount, found by the tests through `testId`; the last one is the sum, in bold under a line. */
function TotalLine({ label, amount, testId, last = false }: { label: string; amount: string; testId: string; last?: boolean }) {
  return (
    <div className={`d-flex justify-content-between${last ? ' border-top pt-2 mt-2 fw-bold' : ''}`}>
      <dt className={last ? undefined : 'fw-normal'}>{label}</dt>
      <dd className={last ? 'mb-0' : 'mb-1'} data-testid={testId}>
        {amount}
      </dd>
    </div>
  );
}

function InvoicesTotals({ data }: { data: CheckoutInvoicesResponse }) {
  const { t } = useTranslation('checkout');
  return (
    <dl className="checkout-invoice-totals mb-0">
      <TotalLine label={t('invoices.orderTotal')} amount={data.order_total.formatted} testId="invoices-order-total" />
      {data.invoices.length > 0 ? <TotalLine label={t('invoices.invoicesTotal')} amount={data.total.formatted} testId="invoices-total" /> : null}
      <TotalLine label={t('invoices.toPay')} amount={data.to_pay.formatted} testId="invoices-to-pay" last />
    </dl>
  );
}

/**
 * The outstanding invoices shown when the payment method is 'ideal' (spec sections 2 and 9): the
 * relation's open invoices (a negative amount is a credit), paid together with the order, the
 * order total and the total to pay. Asked again whenever the cart's total changes.
 */
export function CheckoutOutstandingInvoices() {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const cart = useCart().data;
  const invoices = useCheckoutInvoices(cart?.order_id, lang, cart?.total_price.number ?? '');

  let content;
  if (invoices.data) {
    content = (
      <>
        <p className="small text-body-secondary mb-2">{t('invoices.intro')}</p>
        <InvoicesTable data={invoices.data} />
        <InvoicesTotals data={invoices.data} />
      </>
    );
  } else if (invoices.isError) {
    content = (
      <Alert variant="danger" className="mb-0">
        {t('errors.generic')}
      </Alert>
    );
  } else {
    content = (
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Placeholder xs={8} /> <Placeholder xs={6} /> <Placeholder xs={10} />
      </Placeholder>
    );
  }

  return (
    <Card as="section" className="checkout-invoices bg-body-tertiary border-0 mt-3" aria-labelledby="checkout-invoices-title" aria-busy={invoices.isFetching}>
      <Card.Body>
        <Card.Title as="h3" id="checkout-invoices-title" className="h6 mb-2">
          {t('invoices.title')}
        </Card.Title>
        {content}
      </Card.Body>
    </Card>
  );
}
