import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { useTranslation } from 'react-i18next';

import type { PaymentMethod, ShippingMethod } from '../../../../shared/api/checkout';
import { deliveryWeekdays, WEEKDAY_NAMES } from '../../../../shared/delivery-date';
import { useLang } from '../../../lib/use-lang';
import { IDEAL } from '../api/contracts';

import { CheckoutDeliveryDate } from './checkout-delivery-date';
import { CheckoutOutstandingInvoices } from './checkout-outstanding-invoices';

interface Props {
  deliveryDays: readonly string[] | undefined;
  now: Date;
  date: string | null;
  shipping: string | null;
  payment: string | null;
  shippingMethods: readonly ShippingMethod[] | undefined;
  paymentMethods: readonly PaymentMethod[] | undefined;
  invalid: { shipping: boolean; payment: boolean };
  disabled: boolean;
  onDate: (day: string) => void;
  onShipping: (method: string) => void;
  onPayment: (method: string) => void;
}

function LoadingOptions() {
  return (
    <Placeholder as="div" animation="glow" aria-hidden="true">
      <Placeholder xs={7} /> <Placeholder xs={5} />
    </Placeholder>
  );
}

/** Block 2 of the checkout: delivery date, shipping method and payment method. */
export function CheckoutShipment(props: Props) {
  const { deliveryDays, now, date, shipping, payment, shippingMethods, paymentMethods, invalid, disabled } = props;
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const allowed = deliveryWeekdays(deliveryDays);
  const days = new Intl.ListFormat(lang, { type: 'conjunction' }).format(
    // monday first
    [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]].filter((day) => allowed.has(day)).map((day) => t(`shipment.weekdays.${day}`)),
  );

  return (
    <div className="d-flex flex-column gap-4">
      <Form.Group controlId="checkout-delivery-date" className="checkout-delivery-date">
        <Form.Label className="fw-semibold">{t('shipment.deliveryDate')}</Form.Label>
        <CheckoutDeliveryDate
          id="checkout-delivery-date"
          value={date}
          deliveryDays={deliveryDays}
          now={now}
          disabled={disabled}
          describedBy="checkout-delivery-date-help"
          onChange={props.onDate}
        />
        <Form.Text id="checkout-delivery-date-help">{t('shipment.deliveryDateHelp', { days })}</Form.Text>
      </Form.Group>

      <fieldset className="checkout-shipping-methods" disabled={disabled} aria-describedby={invalid.shipping ? 'checkout-shipping-feedback' : undefined}>
        <legend className="fs-6 fw-semibold">{t('shipment.shippingMethod')}</legend>
        {shippingMethods === undefined ? <LoadingOptions /> : null}
        {shippingMethods?.length === 0 ? <p className="text-body-secondary mb-0">{t('shipment.noMethods')}</p> : null}
        {shippingMethods?.map((method) => (
          <Form.Check
            key={method.id}
            type="radio"
            id={`checkout-shipping-${method.id}`}
            name="checkout-shipping"
            className="checkout-option"
            checked={shipping === method.id}
            isInvalid={invalid.shipping}
            aria-invalid={invalid.shipping || undefined}
            onChange={() => props.onShipping(method.id)}
            label={
              <span className="d-flex justify-content-between gap-3">
                <span>{method.label}</span>
                <span className="text-body-secondary text-nowrap">{Number(method.amount.number) === 0 ? t('shipment.free') : method.amount.formatted}</span>
              </span>
            }
          />
        ))}
        {invalid.shipping ? (
          <div id="checkout-shipping-feedback" className="invalid-feedback d-block">
            {t('validation.shipping')}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="checkout-payment-methods" disabled={disabled} aria-describedby={invalid.payment ? 'checkout-payment-feedback' : undefined}>
        <legend className="fs-6 fw-semibold">{t('shipment.paymentMethod')}</legend>
        {paymentMethods === undefined ? <LoadingOptions /> : null}
        {paymentMethods?.length === 0 ? <p className="text-body-secondary mb-0">{t('shipment.noMethods')}</p> : null}
        {paymentMethods?.map((method) => (
          <Form.Check
            key={method.id}
            type="radio"
            id={`checkout-payment-${method.id}`}
            name="checkout-payment"
            className="checkout-option"
            checked={payment === method.id}
            isInvalid={invalid.payment}
            aria-invalid={invalid.payment || undefined}
            onChange={() => props.onPayment(method.id)}
            label={method.label}
          />
        ))}
        {invalid.payment ? (
          <div id="checkout-payment-feedback" className="invalid-feedback d-block">
            {t('validation.payment')}
          </div>
        ) : null}
        {payment === IDEAL ? <CheckoutOutstandingInvoices /> : null}
      </fieldset>
    </div>
  );
}
