import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import type { RelationRecord } from '../../../../../shared/api/account';
import type { CartOrder } from '../../../../../shared/api/cart';
import { effectiveDeliveryDate } from '../../../../../shared/delivery-date';
import { reloadCart } from '../../../../lib/api/get-cart';
import { paymentPage } from '../../../../lib/payment-page';
import { useLocalizedPath } from '../../../../lib/use-lang';
import {
  CHECKOUT_CHOICE_MUTATION_KEY,
  type CheckoutChoice,
  placeOrder,
  useCheckoutChoice,
  useCheckoutFailureToast,
} from '../api/checkout';
import { IDEAL } from '../api/contracts';
import { createCheckoutPayment } from '../api/payments';

import { storePlacedOrder } from './placed-order';

/** What the customer chose, as far as the page knows: the cart's values, or the one being posted. */
export interface CheckoutSelection {
  shipping: string | null;
  payment: string | null;
  profile: number | null;
  date: string | null;
}

/** The choices missing for paying (spec section 5), shown once the customer tried to pay. */
export interface CheckoutProblems {
  terms: boolean;
  shipping: boolean;
  payment: boolean;
  /** The relation needs a purchase-order reference and the cart has none. */
  reference: boolean;
}

type Chosen = Partial<CheckoutSelection>;

/**
 * On load a saved delivery date that is no longer allowed (or none) is replaced by the effective
 * one, and an order without one of the relation's delivery addresses gets the first (posted by
 * the page; shown at once).
 */
function correctionsOf(cart: CartOrder, relation: RelationRecord | undefined, now: Date): { date?: string; profile?: number } {
  if (!relation) return {};
  const { delivery_days: days, delivery_addresses: addresses } = relation.attributes;
  const corrections: { date?: string; profile?: number } = {};
  const date = effectiveDeliveryDate(cart.req_dlv_date, now, days);
  if (date !== cart.req_dlv_date) corrections.date = date;
  const first = addresses[0];
  if (first && !addresses.some((address) => address.profile_id === cart.shipping_profile)) corrections.profile = first.profile_id;
  return corrections;
}

function selectionOf(cart: CartOrder, chosen: Chosen, corrections: { date?: string; profile?: number }): CheckoutSelection {
  return {
    shipping: chosen.shipping ?? cart.shipments[0]?.shipping_method ?? null,
    payment: chosen.payment ?? cart.payment_method,
    profile: chosen.profile ?? corrections.profile ?? cart.shipping_profile,
    date: chosen.date ?? corrections.date ?? cart.req_dlv_date,
  };
}

function chosenOf(choice: CheckoutChoice): Chosen {
  switch (choice.kind) {
    case 'shipping':
      return { shipping: choice.method };
    case 'payment':
      return { payment: choice.method };
    case 'delivery-date':
      return { date: choice.date };
    case 'profile':
      return { profile: choice.profileId };
    case 'reference':
      // the reference's own fields show what is typed; the reloaded cart holds it
      return {};
  }
}

interface Options {
  cart: CartOrder;
  /** The relation once loaded (delivery days and addresses); undefined while loading or without one. */
  relation: RelationRecord | undefined;
  /** The moment the page opened: the delivery date rule is applied at it. */
  now: Date;
  /** Called just before the page leaves for the completed page (the cart is about to be empty). */
  onLeave: () => void;
}

/**
 * The choices being posted, shown at once: each change is posted, then the cart is reloaded, which
 * holds the choice from then on.
 */
function useCheckoutChoices(orderId: number) {
  const { mutateAsync } = useCheckoutChoice(orderId);
  const choicesPending = useIsMutating({ mutationKey: CHECKOUT_CHOICE_MUTATION_KEY }) > 0;
  const [chosen, setChosen] = useState<Chosen>({});
  const choose = useCallback(
    (choice: CheckoutChoice) => {
      const shown = chosenOf(choice);
      setChosen((current) => ({ ...current, ...shown }));
      const forget = () =>
        setChosen((current) => {
          const next = { ...current };
          for (const key of Object.keys(shown) as (keyof Chosen)[]) if (next[key] === shown[key]) delete next[key];
          return next;
        });
      // the reloaded cart holds the choice from now on; on a failure it shows what is saved
      mutateAsync(choice).then(forget, forget);
    },
    [mutateAsync],
  );
  return { chosen, choose, choicesPending, mutateAsync };
}

type PostChoice = ReturnType<typeof useCheckoutChoices>['mutateAsync'];

/** On load (once per order): post the corrections of the delivery date and address. */
function usePostCorrections(relation: RelationRecord | undefined, orderId: number, corrections: { date?: string; profile?: number }, mutateAsync: PostChoice) {
  const corrected = useRef<number | null>(null);
  useEffect(() => {
    if (!relation || corrected.current === orderId) return;
    corrected.current = orderId;
    if (corrections.date) mutateAsync({ kind: 'delivery-date', date: corrections.date }).catch(() => {});
    if (corrections.profile) mutateAsync({ kind: 'profile', profileId: corrections.profile }).catch(() => {});
  }, [relation, orderId, corrections.date, corrections.profile, mutateAsync]);
}

/** On to the completed page with the placed order (the cart is empty from then on). */
function useGoToCompleted(onLeave: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  return useCallback(
    async (placedOrderId: number, uuid: string | undefined) => {
      if (uuid) storePlacedOrder(uuid);
      onLeave();
      await navigate(to(`/cart/checkout/${placedOrderId}/completed`));
      await reloadCart(queryClient);
    },
    [navigate, onLeave, queryClient, to],
  );
}

/**
 * Back from the payment page, the browser may show this page from its back/forward cache, as
 * it was left ('Pay order' busy): the customer can pay again (a running payment is offered again).
 */
function useResetOnPageRestore(resetOnlinePayment: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      resetOnlinePayment();
      void reloadCart(queryClient);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetOnlinePayment, queryClient]);
}

/** The two ways of paying: placing the order at once, or an online payment first. */
function usePaymentFlow(orderId: number, onLeave: () => void) {
  const showFailure = useCheckoutFailureToast();
  const goToCompleted = useGoToCompleted(onLeave);

  /** Any method not paid online: the order is placed at once (spec section 4, Payment flow). */
  const place = useMutation({
    mutationFn: () => placeOrder(orderId),
    onSuccess: (placed) => goToCompleted(placed.orderId, placed.uuid),
    onError: showFailure,
  });

  /**
   * 'ideal': the online payment of the order plus the relation's outstanding invoices (spec
   * section 4, Payment flow). A payment URL is opened (the provider's page, which comes back to
   * the update page); no URL means credits covered everything and the order is placed: on to the
   * completed page. A failure is logged; the toast says 'Something went wrong', or the server's
   * own 4xx message (a missing choice, a closed order).
   */
  const startOnlinePayment = useMutation({
    mutationFn: () => createCheckoutPayment(orderId),
    onSuccess: async (answer) => {
      if (answer.paymentUrl) paymentPage.go(answer.paymentUrl);
      else await goToCompleted(answer.orderId, answer.uuid);
    },
    onError: (error) => {
      console.error('The payment was not created', error);
      showFailure(error);
    },
  });

  useResetOnPageRestore(startOnlinePayment.reset);
  // after success the page is being left (for the completed page or the payment page): no second click
  const paying = place.isPending || startOnlinePayment.isPending || place.isSuccess || startOnlinePayment.isSuccess;
  return { place, startOnlinePayment, paying };
}

/**
 * The checkout state of spec section 4: the selected shipping method, payment method, delivery
 * date and delivery address (each change is posted, then the cart is reloaded), the terms flag,
 * the submitted flag that shows what is missing, and the payment flow.
 */
export function useCheckout({ cart, relation, now, onLeave }: Options) {
  const orderId = cart.order_id;
  const { chosen, choose, choicesPending, mutateAsync } = useCheckoutChoices(orderId);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const corrections = correctionsOf(cart, relation, now);
  usePostCorrections(relation, orderId, corrections, mutateAsync);
  const { place, startOnlinePayment, paying } = usePaymentFlow(orderId, onLeave);

  const selection = selectionOf(cart, chosen, corrections);
  const problems: CheckoutProblems = {
    terms: !termsAccepted,
    shipping: !selection.shipping,
    payment: !selection.payment,
    reference: cart.po_reference_required === true && !cart.po_reference,
  };

  const pay = () => {
    if (paying || choicesPending) return;
    setSubmitted(true);
    if (problems.terms || problems.shipping || problems.payment || problems.reference) return;
    if (selection.payment === IDEAL) startOnlinePayment.mutate();
    else place.mutate();
  };

  return {
    selection,
    choose,
    termsAccepted,
    setTermsAccepted,
    /** What to mark as missing: only after the customer tried to pay. */
    shownProblems: submitted ? problems : { terms: false, shipping: false, payment: false, reference: false },
    choicesPending,
    paying,
    pay,
  };
}
