import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

import type { Product } from '../../../../shared/api/catalog';
import { BusyButton } from '../../../components/ui/busy-button';
import { toast } from '../../../lib/toast';
import { failureText } from '../../../lib/api/failure-text';
import { useRequestPrice } from '../api/request-price';

import { QuantityInput } from './quantity-input';

interface Props {
  product: Pick<Product, 'id' | 'title' | 'minimum_quantity'>;
  /** The quantity chosen on the card or page. */
  quantity: number;
  show: boolean;
  onHide: () => void;
}

/** A price request asks for a given amount when the product is sold from 2 or more (spec section 5). */
export function isPlainPriceRequest(minimumQuantity: number): boolean {
  return minimumQuantity < 2;
}

function PriceRequestForm({ product, quantity, onHide }: Omit<Props, 'show'>) {
  const { t } = useTranslation(['catalog', 'errors']);
  const request = useRequestPrice({
    onSuccess: (answer) => {
      if (answer.status === 1) toast.success(answer.message);
      else toast.error(answer.message);
    },
    onError: (error) => {
      const text = failureText(error, t('errors:generic'), { clientMessage: 'body' });
      if (text) toast.error(text);
    },
    // spec section 4: the dialog closes when the request ends, whatever the outcome
    onSettled: () => onHide(),
  });
  const [amount, setAmount] = useState(quantity);
  const plain = isPlainPriceRequest(product.minimum_quantity);
  const fieldId = `price-request-quantity-${product.id}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    request.mutate({ productId: product.id, quantity: plain ? quantity : amount });
  }

  return (
    <Form onSubmit={onSubmit} noValidate>
      <Modal.Body>
        <p id="price-request-text">
          {plain
            ? t('catalog:priceRequest.plain', { product: product.title })
            : t('catalog:priceRequest.amount', { product: product.title, minimum: product.minimum_quantity })}
        </p>
        {plain ? null : (
          <Form.Group controlId={fieldId}>
            <Form.Label>{t('catalog:priceRequest.quantity')}</Form.Label>
            <QuantityInput id={fieldId} value={amount} onChange={setAmount} label={t('catalog:priceRequest.quantity')} className="price-request-quantity" />
          </Form.Group>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={request.isPending}>
          {t('catalog:priceRequest.cancel')}
        </Button>
        <BusyButton type="submit" variant="primary" disabled={request.isPending} busy={request.isPending} busyText={t('catalog:priceRequest.sending')}>
          {t('catalog:priceRequest.send')}
        </BusyButton>
      </Modal.Footer>
    </Form>
  );
}

/**
 * The price request dialog (spec sections 4 and 5): a plain request, or one for the chosen
 * amount; the button waits while sending, the dialog closes at the end and the server's
 * message shows as a success or error toast.
 */
export function PriceRequestDialog({ product, quantity, show, onHide }: Props) {
  const { t } = useTranslation('catalog');
  const [openings, setOpenings] = useState(0);
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEnter={() => setOpenings((count) => count + 1)}
      aria-labelledby="price-request-title"
      aria-describedby="price-request-text"
      centered
    >
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" id="price-request-title" className="h5">
          {t('priceRequest.title')}
        </Modal.Title>
      </Modal.Header>
      {/* a new form at every opening, so the amount starts at the chosen quantity */}
      <PriceRequestForm key={openings} product={product} quantity={quantity} onHide={onHide} />
    </Modal>
  );
}
