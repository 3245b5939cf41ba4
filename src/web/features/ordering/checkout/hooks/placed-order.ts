/**
 * The uuid of the order placed last, kept in localStorage under 'placed' (spec section 3): the
 * completed page shows that order; without it the page goes back to the cart.
 */
export const PLACED_ORDER_KEY = 'placed';

export function storePlacedOrder(uuid: string): void {
  try {
    localStorage.setItem(PLACED_ORDER_KEY, uuid);
  } catch {
    // storage disabled: the completed page then sends the user to the cart
  }
}

export function readPlacedOrder(): string | null {
  try {
    return localStorage.getItem(PLACED_ORDER_KEY) || null;
  } catch {
    return null;
  }
}
