import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { COMMENT_MAX, PO_REFERENCE_MAX } from '../../../../../shared/api/checkout';

interface Props {
  /** What the cart holds. */
  reference: string;
  comment: string;
  required: boolean;
  invalid: boolean;
  disabled: boolean;
  /** Both values, posted when a field is left changed. */
  onSave: (reference: string, comment: string) => void;
}

/** The customer's purchase-order reference (required when the relation says so) and a comment for the order desk (issue 44, point 7). */
export function CheckoutReference({ reference, comment, required, invalid, disabled, onSave }: Props) {
  const { t } = useTranslation('checkout');
  const [values, setValues] = useState({ reference, comment });
  const save = () => {
    const next = { reference: values.reference.trim(), comment: values.comment.trim() };
    if (next.reference !== reference || next.comment !== comment) onSave(next.reference, next.comment);
  };
  return (
    <div className="d-flex flex-column gap-3">
      <Form.Group controlId="checkout-po-reference">
        <Form.Label className="fw-semibold">{required ? t('reference.poReferenceRequired') : t('reference.poReference')}</Form.Label>
        <Form.Control
          value={values.reference}
          maxLength={PO_REFERENCE_MAX}
          required={required}
          isInvalid={invalid}
          disabled={disabled}
          autoComplete="off"
          aria-describedby="checkout-po-reference-help"
          onChange={(event) => setValues((current) => ({ ...current, reference: event.target.value }))}
          onBlur={save}
        />
        <Form.Text id="checkout-po-reference-help">{t('reference.poReferenceHelp')}</Form.Text>
        <Form.Control.Feedback type="invalid">{t('validation.reference')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="checkout-comment">
        <Form.Label className="fw-semibold">{t('reference.comment')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={values.comment}
          maxLength={COMMENT_MAX}
          disabled={disabled}
          aria-describedby="checkout-comment-help"
          onChange={(event) => setValues((current) => ({ ...current, comment: event.target.value }))}
          onBlur={save}
        />
        <Form.Text id="checkout-comment-help">{t('reference.commentHelp')}</Form.Text>
      </Form.Group>
    </div>
  );
}
