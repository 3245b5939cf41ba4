/**
 * The checkout's zod contract (src/shared/api/checkout.ts), loaded when the first answer needs
 * parsing (zod stays out of the chunks a page needs first, STACK-NOTES 10). The cart's own is
 * lib/api/get-cart.ts's loadCartContracts.
 */
export const loadCheckoutContracts = () => import('../../../../../shared/api/checkout');

/** The id of the online payment method (spec section 9); equals IDEAL of the checkout contract. */
export const IDEAL = 'ideal';
