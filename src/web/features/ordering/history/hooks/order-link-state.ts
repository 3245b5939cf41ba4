/**
 * What a link from My orders hands to the order detail page: the route has the numeric order
 * id, the order call wants the uuid (spec section 7), which the list knows.
 */
export interface OrderLinkState {
  orderId: number;
  uuid: string;
}

/** The uuid the link handed over for this order id, if any (a direct visit has none). */
export function linkedUuid(state: unknown, orderId: number): string | null {
  if (!state || typeof state !== 'object') return null;
  const { orderId: linked, uuid } = state as Partial<OrderLinkState>;
  return linked === orderId && typeof uuid === 'string' && uuid ? uuid : null;
}
