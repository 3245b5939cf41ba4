import { defineMessages } from '../../../i18n';

/** Errors of the order calls (keys are the codes), in the language of the request. */
export const ORDERS_MESSAGES = defineMessages({
  nl: {
    invalid_transition: (p: { state: 'draft' | 'placed' | 'completed' | 'canceled'; event: 'place' | 'complete' | 'cancel' }) =>
      `Een bestelling die ${{ draft: 'nog in de winkelwagen zit', placed: 'geplaatst is', completed: 'afgerond is', canceled: 'geannuleerd is' }[p.state]} kan niet worden ${{ place: 'geplaatst', complete: 'afgerond', cancel: 'geannuleerd' }[p.event]}.`,
  },
  en: {
    invalid_transition: (p: { state: 'draft' | 'placed' | 'completed' | 'canceled'; event: 'place' | 'complete' | 'cancel' }) =>
      `An order that is ${p.state} cannot be ${{ place: 'placed', complete: 'completed', cancel: 'canceled' }[p.event]}.`,
  },
});
