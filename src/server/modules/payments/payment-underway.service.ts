/**
 * What the cart asks payments before it changes (decision 010): whether a payment of the order is
 * under way, as a named read and as a named SQL part of the cart's own statement (decision 036).
 */
export { isPaymentUnderway, paymentUnderwayOf } from './payment-underway.repository';
