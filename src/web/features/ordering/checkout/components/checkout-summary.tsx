import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { CartOrder } from '../../../../../shared/api/cart';
import { BusyButton } from '../../../../components/ui/busy-button';
import { StockShortNote } from '../../../../components/ui/line-notes';
import { LineAmounts, TableHead } from '../../../../components/ui/table-parts';
import { useLocalizedPath } from '../../../../lib/use-lang';

import { CheckoutTotals } from './checkout-totals';

interface Props {
  cart: CartOrder;
  termsAccepted: boolean;
  termsInvalid: boolean;
  paying: boolean;
  onTerms: (accepted: boolean) => void;
  onPay: () => void;
}

/** The order's lines: title, article number, a stock shortage, quantity and amounts. */
function CheckoutLines({ cart }: { cart: CartOrder }) {
  const { t } = useTranslation('checkout');
  return (
    <Table size="sm" className="checkout-lines align-middle mb-3">
      <TableHead
        columns={[
          t('summary.product'),
          { label: t('summary.quantity'), className: 'text-end' },
          { label: t('summary.price'), className: 'text-end' },
          { label: t('summary.total'), className: 'text-end' },
        ]}
      />
      <tbody>
        {cart.order_items.map((item) => (
          <tr key={item.order_item_id} className="checkout-line" data-sku={item.purchased_entity.sku}>
            <td>
              <span className="d-block">{item.title}</span>
              <span className="small text-body-secondary">{t('summary.articleNumber', { sku: item.purchased_entity.sku })}</span>
              <StockShortNote short={item.stock_short} />
            </td>
            <LineAmounts quantity={item.quantity} unitPrice={item.unit_price} total={item.total_price} />
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The delivery terms' checkbox, marked invalid once the customer tried to pay without it. */
function TermsCheck({ termsAccepted, termsInvalid, paying, onTerms }: Pick<Props, 'termsAccepted' | 'termsInvalid' | 'paying' | 'onTerms'>) {
  const { t } = useTranslation('checkout');
  const to = useLocalizedPath();
  return (
    <Form.Group className="mt-4 checkout-terms">
      <Form.Check id="checkout-terms">
        <Form.Check.Input
          type="checkbox"
          checked={termsAccepted}
          isInvalid={termsInvalid}
          aria-invalid={termsInvalid || undefined}
          disabled={paying}
          onChange={(event) => onTerms(event.currentTarget.checked)}
          aria-describedby={termsInvalid ? 'checkout-terms-feedback' : undefined}
        />
        <Form.Check.Label>
          <Trans
            t={t}
            i18nKey="summary.terms"
            components={{ terms: <Link to={to(t('termsPath'))} target="_blank" rel="noopener" /> }}
          />
        </Form.Check.Label>
        {termsInvalid ? (
          <div id="checkout-terms-feedback" className="invalid-feedback d-block">
            {t('validation.terms')}
          </div>
        ) : null}
      </Form.Check>
    </Form.Group>
  );
}

/** Block 3 of the checkout: the order lines and totals, the delivery terms and 'Pay order'. */
export function CheckoutSummary({ cart, termsAccepted, termsInvalid, paying, onTerms, onPay }: Props) {
  const { t } = useTranslation('checkout');
  const to = useLocalizedPath();
  return (
    <>
      <CheckoutLines cart={cart} />
      <CheckoutTotals subtotal={cart.order_total.subtotal} adjustments={cart.order_total.adjustments} total={cart.total_price} />

      <TermsCheck termsAccepted={termsAccepted} termsInvalid={termsInvalid} paying={paying} onTerms={onTerms} />

      <div className="d-grid gap-2 mt-3">
        <BusyButton variant="primary" size="lg" onClick={onPay} disabled={paying} aria-busy={paying} busy={paying} busyText={t('summary.placing')}>
          {t('summary.pay')}
        </BusyButton>
        <Link to={to('/cart')} className="btn btn-link">
          {t('summary.backToCart')}
        </Link>
      </div>
    </>
  );
}
