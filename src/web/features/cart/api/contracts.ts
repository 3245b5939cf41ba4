/**
 * The cart's and checkout's zod contracts (src/shared/api/cart.ts, checkout.ts), loaded when the
 * first answer needs parsing (zod stays out of the chunks a page needs first, STACK-NOTES 10).
 */
export const loadCartContracts = () => import('../../../../shared/api/cart');
export const loadCheckoutContracts = () => import('../../../../shared/api/checkout');

/** The id of the online payment method (spec section 9); equals IDEAL of the checkout contract. */
export const IDEAL = 'ideal';
