import { isMultipleOf, nextMultiple } from '../../../../shared/sales-unit';
import { type Localized, localized } from '../../../i18n';
import { piecePrice, salesUnitOf, type SalesUnitRow } from '../../catalog/sales-unit';
import { CART_MESSAGES } from './cart.messages';

/**
 * Order multiples in the cart (decision 029): the refusal of a quantity that is no multiple (cart
 * add, its PATCH, quick order and order again all end here) and the extra attributes of a line.
 */

/** Why a quantity cannot be ordered for its multiple (with the next multiple offered), or null. */
export function multipleProblem(variation: { sku: string; orderMultiple: number }, quantity: number): { code: 'not_multiple'; message: Localized } | null {
  const multiple = variation.orderMultiple;
  if (isMultipleOf(quantity, multiple)) return null;
  return { code: 'not_multiple', message: localized(CART_MESSAGES, 'not_multiple', { sku: variation.sku, multiple, quantity, next: nextMultiple(quantity, multiple) }) };
}

/** The refusals of a cart's lines that are no multiple (placing re-checks what the cart holds). */
export function multipleProblemsOf(lines: ReadonlyArray<{ itemId: number; sku: string; orderMultiple: number; quantity: number }>) {
  return lines.flatMap((line) => {
    const problem = multipleProblem(line, line.quantity);
    return problem ? [{ field: `order_items.${line.itemId}.quantity`, code: problem.code, message: problem.message }] : [];
  });
}

/** The extra attributes of a cart line: its sales unit and its unit price per piece. */
export const lineUnitAttributes = (line: SalesUnitRow & { unitPriceCents: number }) => ({
  sales_unit: salesUnitOf(line),
  unit_price_per_piece: piecePrice(line.unitPriceCents, line.piecesPerUnit),
});
