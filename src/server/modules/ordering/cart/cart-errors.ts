import { AppError, type FieldError, notFound } from '../../../errors';
import { joinLocalized, type Localized, localized } from '../../../i18n';
import { minimumQuantity } from './cart-maths';
import type { SellableVariation } from './cart-prices.repository';
import { CART_MESSAGES } from './cart.messages';
import { multipleProblem } from './order-multiple';

/** The cart's refusals, their texts in both languages (cart.messages.ts). */

export const paymentUnderwayError = () => new AppError(409, 'payment_underway', localized(CART_MESSAGES, 'payment_underway'));
export const itemNotFound = (item: string | number) => notFound(localized(CART_MESSAGES, 'order_item_not_found', { item }), 'order_item_not_found');

/** Why a quantity of a variation cannot be in the cart, or null when it can. */
export function lineProblem(
  variation: Pick<SellableVariation, 'sku' | 'active' | 'scaled' | 'orderMultiple'>,
  quantity: number,
): { code: 'unknown_variation' | 'price_on_request' | 'below_minimum' | 'not_multiple'; message: Localized } | null {
  const { sku } = variation;
  if (!variation.active) return { code: 'unknown_variation', message: localized(CART_MESSAGES, 'unknown_variation', { sku }) };
  const minimum = minimumQuantity(variation.scaled);
  if (minimum === null) return { code: 'price_on_request', message: localized(CART_MESSAGES, 'price_on_request', { sku }) };
  if (quantity < minimum) return { code: 'below_minimum', message: localized(CART_MESSAGES, 'below_minimum', { sku, minimum }) };
  return multipleProblem(variation, quantity);
}

/** One refusal for all refused lines: their texts joined, per language. */
export const joined = (errors: FieldError[]) => joinLocalized(errors.map((e) => e.message as Localized), ' ');
