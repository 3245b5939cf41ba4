import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Product } from '../../../../shared/api/catalog';
import { useAddToCart } from '../../../lib/api/add-to-cart';
import { multipleOf } from '../../../components/ui/sales-unit';
import { isMultipleOf, smallestOrderable } from '../../../../shared/sales-unit';
import { MAX_QUANTITY } from '../api/contracts';
import { useAddedText } from './use-added-text';

/** Spec section 5, quantity input: a non-numeric value becomes 1, and it never goes below 1. */
export function parseQuantity(raw: string | number): number {
  const number = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw.trim(), 10);
  if (!Number.isFinite(number) || number < 1) return 1;
  return Math.min(number, MAX_QUANTITY);
}

/** Clicking a scaled price sets the quantity to it, 1 if not positive (spec section 5). */
export function quantityOfScaledPrice(quantity: number): number {
  return quantity > 0 ? quantity : 1;
}

export type AddDecision = 'add' | 'request-price' | 'none';

/**
 * Spec section 5: add to cart only when the quantity is above 0 and not below the minimum
 * quantity (the lowest scaled-price quantity); below the minimum the price request opens.
 */
export function addToCartDecision(quantity: number, minimumQuantity: number): AddDecision {
  if (!(quantity > 0)) return 'none';
  return quantity < minimumQuantity ? 'request-price' : 'add';
}

/** The quantity, the add action and the price request dialog of one product (card or page). */
export function useProductPurchase(product: Product) {
  const multiple = multipleOf(product.sales_unit);
  // With an order multiple the field starts at the first quantity that may be ordered (decision 029).
  const [quantity, setQuantityState] = useState(() => (multiple > 1 ? smallestOrderable(product.minimum_quantity, multiple) : 1));
  const [priceRequestOpen, setPriceRequestOpen] = useState(false);
  const { t } = useTranslation('catalog');
  // A 4xx of the cart says what is wrong (a minimum quantity, a product no longer sold) in its body's message.
  const addedText = useAddedText();
  const addToCart = useAddToCart({ successText: t('cart.added'), successTextOf: addedText, failure: { clientMessage: 'body' } });
  const variation = product.variations[0];

  /**
   * Adds, or opens the price request below the minimum (spec section 5). A quantity that is not a
   * multiple of the order multiple is not added and answers false: the control points at its offer.
   */
  function add(): boolean {
    const decision = addToCartDecision(quantity, product.minimum_quantity);
    if (decision === 'request-price') setPriceRequestOpen(true);
    if (decision !== 'add') return true;
    if (!isMultipleOf(quantity, multiple)) return false;
    if (variation && !addToCart.isPending) addToCart.mutate([{ variationId: variation.drupal_internal__variation_id, quantity }]);
    return true;
  }

  return {
    quantity,
    /** The order multiple; a quantity that is not one is not added (the control offers the next one). */
    multiple,
    setQuantity: (value: string | number) => setQuantityState(parseQuantity(value)),
    /** Nothing to order: no variation, or no price for this customer ('Price on request'). */
    canAdd: variation !== undefined && !product.price_on_request,
    add,
    adding: addToCart.isPending,
    priceRequestOpen,
    openPriceRequest: () => setPriceRequestOpen(true),
    closePriceRequest: () => setPriceRequestOpen(false),
  };
}
