import { badRequest, type FieldError } from '../../errors';
import { joinLocalized, type Localized } from '../../i18n';
import { multipleProblem } from '../ordering/cart/order-multiple';
import type { ResolvedLine } from './quick-order-lines';

/**
 * Adding a quick order or an order again with a quantity that is no multiple of its article's
 * order multiple is refused whole (decision 029): 400 `not_multiple`, the message naming each such
 * article and its next multiple, and nothing is stored. The preview shows such lines with the
 * offer; the web never sends them to add.
 */
export function refuseNotMultiple(resolved: readonly ResolvedLine[]): void {
  const texts: Localized[] = [];
  const errors: FieldError[] = [];
  for (const { line } of resolved) {
    if (line.status !== 'not_multiple' || line.quantity === null || !line.product) continue;
    const problem = multipleProblem({ sku: line.product.sku, orderMultiple: line.product.sales_unit.multiple }, line.quantity);
    if (!problem) continue;
    texts.push(problem.message);
    errors.push({ field: `lines.${line.lines[0] ?? 0}.quantity`, message: problem.message });
  }
  if (errors.length > 0) throw badRequest('not_multiple', joinLocalized(texts, ' '), errors);
}
