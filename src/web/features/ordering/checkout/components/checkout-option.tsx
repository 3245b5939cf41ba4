import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One radio of a choice on the checkout (delivery address, shipping or payment method). */
export function CheckoutOption({
  group,
  value,
  checked,
  invalid,
  label,
  onChoose,
}: {
  group: 'profile' | 'shipping' | 'payment';
  value: string | number;
  checked: boolean;
  invalid?: boolean;
  label: ReactNode;
  onChoose: () => void;
}) {
  return (
    <Form.Check
      type="radio"
      id={`checkout-${group}-${value}`}
      name={`checkout-${group}`}
      className="checkout-option"
      checked={checked}
      isInvalid={invalid}
      aria-invalid={invalid || undefined}
      onChange={onChoose}
      label={label}
    />
  );
}

function LoadingOptions() {
  return (
    <Placeholder as="div" animation="glow" aria-hidden="true">
      <Placeholder xs={7} /> <Placeholder xs={5} />
    </Placeholder>
  );
}

/**
 * The shipping or the payment methods as radios: a placeholder while they load, a note when there
 * are none, and the validation's message under them (the texts are the group's). `children` follow
 * the message.
 */
export function CheckoutMethods<M extends { id: string }>({
  group,
  methods,
  chosen,
  invalid,
  disabled,
  label,
  onChoose,
  children,
}: {
  group: 'shipping' | 'payment';
  methods: readonly M[] | undefined;
  chosen: string | null;
  invalid: boolean;
  disabled: boolean;
  label: (method: M) => ReactNode;
  onChoose: (method: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const feedbackId = `checkout-${group}-feedback`;
  return (
    <fieldset className={`checkout-${group}-methods`} disabled={disabled} aria-describedby={invalid ? feedbackId : undefined}>
      <legend className="fs-6 fw-semibold">{t(`shipment.${group}Method`)}</legend>
      {methods === undefined ? <LoadingOptions /> : null}
      {methods?.length === 0 ? <p className="text-body-secondary mb-0">{t('shipment.noMethods')}</p> : null}
      {methods?.map((method) => (
        <CheckoutOption
          key={method.id}
          group={group}
          value={method.id}
          checked={chosen === method.id}
          invalid={invalid}
          label={label(method)}
          onChoose={() => onChoose(method.id)}
        />
      ))}
      {invalid ? (
        <div id={feedbackId} className="invalid-feedback d-block">
          {t(`validation.${group}`)}
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}
