import type { QuickOrderAddResponse, QuickOrderLine, QuickOrderPreview, QuickOrderProduct, UsualProduct } from '../../shared/api/quick-order';
import { price } from '../../shared/money';

/** Answers of the quick order calls (src/shared/api/quick-order.ts) for the web's tests. */

export function quickProduct(sku: string, title: string, overrides: Partial<QuickOrderProduct> = {}): QuickOrderProduct {
  return {
    variation_id: Number(sku.slice(-3)) || 1,
    product_uuid: `p-${sku}`,
    sku,
    title,
    image: { small_thumbnail: `/img/s/${sku}.webp`, thumbnail: `/img/t/${sku}.webp` },
    minimum_quantity: 1,
    tax_percentage: '0.09',
    sales_unit: { code: 'piece', content: null, pieces: null, multiple: 1 },
    ...overrides,
  };
}

/** A priced line: `cents` per piece. */
export function okLine(line: number, product: QuickOrderProduct, quantity: number, cents: number, overrides: Partial<QuickOrderLine> = {}): QuickOrderLine {
  return {
    lines: [line],
    article: product.sku,
    quantity,
    status: 'ok',
    message: null,
    merged: false,
    product,
    unit_price: price(cents),
    total_price: price(cents * quantity),
    ...overrides,
  };
}

export function problemLine(
  line: number,
  article: string,
  status: Exclude<QuickOrderLine['status'], 'ok'>,
  message: string,
  overrides: Partial<QuickOrderLine> = {},
): QuickOrderLine {
  return { lines: [line], article, quantity: 1, status, message, merged: false, product: null, unit_price: null, total_price: null, ...overrides };
}

export function previewOf(lines: QuickOrderLine[], totals: { subtotal: number; vat: number } = { subtotal: 0, vat: 0 }): QuickOrderPreview {
  const ok = lines.filter((line) => line.status === 'ok').length;
  return {
    lines,
    ok_count: ok,
    problem_count: lines.length - ok,
    subtotal: price(totals.subtotal),
    taxes: totals.vat ? [{ label: 'VAT 9%', percentage: '0.09', amount: price(totals.vat) }] : [],
    total: price(totals.subtotal + totals.vat),
  };
}

/** The answer of an add: ok lines were added, the others left out. */
export function addedOf(lines: QuickOrderLine[], cartTotal = 0): QuickOrderAddResponse {
  const marked = lines.map((line) => ({ ...line, added: line.status === 'ok' }));
  const added = marked.filter((line) => line.added).length;
  return { ...previewOf(marked), added_count: added, left_out_count: marked.length - added, cart_quantity_total: cartTotal };
}

export function usualItem(product: QuickOrderProduct, overrides: Partial<UsualProduct> = {}): UsualProduct {
  return { product, times_ordered: 3, last_quantity: 6, last_ordered: '2026-11-03', status: 'ok', unit_price: price(245), ...overrides };
}
