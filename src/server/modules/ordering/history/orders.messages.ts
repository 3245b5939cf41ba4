import type { OrderEvent } from '../../../db/schema/order-history';
import type { OrderState } from '../../../db/schema/orders';
import { defineMessages } from '../../../i18n';

type Transition = { state: OrderState; event: OrderEvent };

// The steps after placing read as the customer knows them: the ERP's part is "being processed".
const NL_STATES: Record<OrderState, string> = {
  draft: 'nog in de winkelwagen zit',
  payment_pending: 'op betaling wacht',
  placed: 'geplaatst is',
  exported: 'in behandeling is',
  confirmed: 'bevestigd is',
  shipped: 'verzonden is',
  delivered: 'afgeleverd is',
  completed: 'afgerond is',
  canceled: 'geannuleerd is',
};
const NL_EVENTS: Record<OrderEvent, string> = {
  place: 'worden geplaatst',
  start_payment: 'worden afgerekend',
  pay: 'worden betaald',
  fail_payment: 'terug naar de winkelwagen',
  export: 'in behandeling worden genomen',
  confirm: 'worden bevestigd',
  ship: 'worden verzonden',
  deliver: 'worden afgeleverd',
  complete: 'worden afgerond',
  cancel: 'worden geannuleerd',
};
const EN_STATES: Record<OrderState, string> = {
  draft: 'is still in the cart',
  payment_pending: 'is awaiting payment',
  placed: 'has been placed',
  exported: 'is being processed',
  confirmed: 'has been confirmed',
  shipped: 'has been shipped',
  delivered: 'has been delivered',
  completed: 'has been completed',
  canceled: 'has been canceled',
};
const EN_EVENTS: Record<OrderEvent, string> = {
  place: 'be placed',
  start_payment: 'go to payment',
  pay: 'be paid',
  fail_payment: 'go back to the cart',
  export: 'be taken into processing',
  confirm: 'be confirmed',
  ship: 'be shipped',
  deliver: 'be delivered',
  complete: 'be completed',
  cancel: 'be canceled',
};

/** Errors of the order calls (keys are the codes), in the language of the request. */
export const ORDERS_MESSAGES = defineMessages({
  nl: {
    invalid_transition: (p: Transition) => `Een bestelling die ${NL_STATES[p.state]}, kan niet ${NL_EVENTS[p.event]}.`,
  },
  en: {
    invalid_transition: (p: Transition) => `An order that ${EN_STATES[p.state]} cannot ${EN_EVENTS[p.event]}.`,
  },
});
