import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import type { PaymentMethod, ShippingMethod } from '../../../../../shared/api/checkout';
import { deliveryWeekdays, WEEKDAY_NAMES } from '../../../../../shared/delivery-date';
import { useLang } from '../../../../lib/use-lang';
import { IDEAL } from '../api/contracts';

import { CheckoutDeliveryDate } from './checkout-delivery-date';
import { CheckoutMethods } from './checkout-option';
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

      <CheckoutMethods
        group="shipping"
        methods={shippingMethods}
        chosen={shipping}
        invalid={invalid.shipping}
        disabled={disabled}
        onChoose={props.onShipping}
        label={(method) => (
          <span className="d-flex justify-content-between gap-3">
            <span>{method.label}</span>
            <span className="text-body-secondary text-nowrap">{Number(method.amount.number) === 0 ? t('shipment.free') : method.amount.formatted}</span>
          </span>
        )}
      />

      <CheckoutMethods
        group="payment"
        methods={paymentMethods}
        chosen={payment}
        invalid={invalid.payment}
        disabled={disabled}
        onChoose={props.onPayment}
        label={(method) => method.label}
      >
        {payment === IDEAL ? <CheckoutOutstandingInvoices /> : null}
      </CheckoutMethods>
    </div>
  );
}
