import { useState, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { Alert } from '../../../../components/ui/alert';
import type { CartOrder } from '../../../../../shared/api/cart';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useCart } from '../../../../lib/api/get-cart';
import { useRelation } from '../../../../lib/api/get-relation';
import { useSessionUser } from '../../../../lib/session';
import { useLang, useLocalizedPath } from '../../../../lib/use-lang';
import { usePageTitle } from '../../../../lib/use-page-title';
import { usePaymentMethods, useShippingMethods } from '../api/checkout';
import { useCheckout } from '../hooks/use-checkout';

import { CheckoutAddress } from './checkout-address';
import { CheckoutReference } from './checkout-reference';
import { CheckoutShipment } from './checkout-shipment';
import { CheckoutSummary } from './checkout-summary';

function CheckoutBlock({ step, title, className, children }: { step: number; title: string; className?: string; children: ReactNode }) {
  const id = `checkout-block-${step}`;
  return (
    <Card as="section" className={`checkout-block ${className ?? ''}`} aria-labelledby={id}>
      <Card.Body className="p-4">
        <Card.Title as="h2" id={id} className="h5 d-flex align-items-center gap-2 mb-3">
          <span className="badge rounded-pill text-bg-primary" aria-hidden="true">
            {step}
          </span>
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}

/** The customer's reference and comment, in the shipment block. */
function ReferenceFields({ cart, checkout }: { cart: CartOrder; checkout: ReturnType<typeof useCheckout> }) {
  return (
    <CheckoutReference
      reference={cart.po_reference ?? ''}
      comment={cart.comment ?? ''}
      required={cart.po_reference_required === true}
      invalid={checkout.shownProblems.reference}
      disabled={checkout.paying}
      onSave={(reference, comment) => checkout.choose({ kind: 'reference', po_reference: reference, comment })}
    />
  );
}

function CheckoutForm({ cart, onLeave }: { cart: CartOrder; onLeave: () => void }) {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const user = useSessionUser();
  const relationUuid = user?.relation_uuid ?? null;
  const relation = useRelation(relationUuid);
  const shippingMethods = useShippingMethods(cart.order_id, lang, cart.order_total.subtotal.number);
  const paymentMethods = usePaymentMethods(cart.order_id, lang);
  const [now] = useState(() => new Date());
  const checkout = useCheckout({ cart, relation: relation.data, now, onLeave });
  const { selection, shownProblems, paying } = checkout;
  const loadFailed = relation.isError || shippingMethods.isError || paymentMethods.isError;

  return (
    <div className="row g-4">
      <div className="col-lg-7 d-flex flex-column gap-4">
        {loadFailed ? <Alert variant="danger">{t('errors.generic')}</Alert> : null}
        <CheckoutBlock step={1} title={t('address.title')}>
          <CheckoutAddress
            relation={relation.data}
            noRelation={relationUuid === null}
            profile={selection.profile}
            disabled={paying}
            onChoose={(profileId) => checkout.choose({ kind: 'profile', profileId })}
          />
        </CheckoutBlock>
        <CheckoutBlock step={2} title={t('shipment.title')}>
          <CheckoutShipment
            deliveryDays={relation.data?.attributes.delivery_days}
            now={now}
            date={selection.date}
            shipping={selection.shipping}
            payment={selection.payment}
            shippingMethods={shippingMethods.data}
            paymentMethods={paymentMethods.data}
            invalid={shownProblems}
            disabled={paying}
            onDate={(date) => checkout.choose({ kind: 'delivery-date', date })}
            onShipping={(method) => checkout.choose({ kind: 'shipping', method })}
            onPayment={(method) => checkout.choose({ kind: 'payment', method })}
          />
          <hr />
          <ReferenceFields cart={cart} checkout={checkout} />
        </CheckoutBlock>
      </div>
      <div className="col-lg-5">
        <CheckoutBlock step={3} title={t('summary.title')} className="checkout-summary">
          <CheckoutSummary
            cart={cart}
            termsAccepted={checkout.termsAccepted}
            termsInvalid={shownProblems.terms}
            paying={paying || checkout.choicesPending}
            onTerms={checkout.setTermsAccepted}
            onPay={checkout.pay}
          />
        </CheckoutBlock>
      </div>
    </div>
  );
}

/**
 * The checkout page ('Complete order', spec section 2): address, shipment and payment, and the
 * summary with the terms and 'Pay order'. An empty cart goes back to the cart page.
 */
export function CheckoutView() {
  const { t } = useTranslation(['checkout', 'errors']);
  usePageTitle(t('checkout:title'));
  const to = useLocalizedPath();
  const cart = useCart();
  // after placing, the cart is empty: the page is on its way to the completed page, not the cart
  const [leaving, setLeaving] = useState(false);

  let content: ReactNode;
  if (cart.isError && !cart.data) content = <Alert variant="danger">{t('checkout:errors.generic')}</Alert>;
  else if (cart.data === undefined || (leaving && !cart.data?.order_items.length)) content = <PageSpinner />;
  else if (cart.data === null || cart.data.order_items.length === 0) return <Navigate to={to('/cart')} replace />;
  else content = <CheckoutForm cart={cart.data} onLeave={() => setLeaving(true)} />;

  return (
    <section className="checkout">
      <h1 className="page-title">{t('checkout:title')}</h1>
      {content}
    </section>
  );
}
