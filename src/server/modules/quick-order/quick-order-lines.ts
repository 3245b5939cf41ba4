import { MAX_LINE_QUANTITY } from '../../../shared/api/cart';
import type { QuickOrderLine, QuickOrderPreview, QuickOrderProduct, QuickOrderStatus } from '../../../shared/api/quick-order';
import { price, rateFraction } from '../../../shared/money';
import { speakerIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { minimumQuantity, orderSums, unitPriceFor } from '../ordering/cart/cart-maths';
import type { SellableVariation } from '../ordering/cart/cart.service';
import { taxLabel, thumbnailsOf } from '../ordering/cart/cart-view';
import { multipleProblem } from '../ordering/cart/order-multiple';
import { salesUnitOf } from '../catalog/sales-unit';
import type { PastedLine, Reading } from './pasted-list';
import { QUICK_ORDER_MESSAGES } from './quick-order.messages';
import { backorderText, stockRefusal } from '../stock/stock-checks';
import { checkQuantity } from '../stock/stock-rules';

/**
 * Turns read lines into the preview's lines: each line's article found in the catalogue (the
 * reading whose article exists, when a line can be read two ways), duplicates of one article
 * merged, and each priced for the customer exactly as the cart prices it (cart-maths). Pure: the
 * service looks the articles and prices up.
 */

export interface ResolveInput {
  lines: readonly PastedLine[];
  /** Lower-case article → variation id, for every article the catalogue knows. */
  known: ReadonlyMap<string, number>;
  /** The known variations with what they cost the customer today. */
  sellable: ReadonlyMap<number, SellableVariation>;
  lang: Lang;
  /** The shop's day (businessDay): stock messages tell an expected date that has passed as "soon". */
  today: string;
  apiBase: string;
  /** 'Order again': an article the catalogue no longer has is "no longer sold", not "unknown". */
  goneIsNotOrderable?: boolean;
}

/** A preview line and, when it can go into the cart, what to add. */
export interface ResolvedLine {
  line: QuickOrderLine;
  addition: { variationId: number; quantity: number; unitPriceCents: number; taxRate: number } | null;
}

interface Group {
  lines: number[];
  article: string;
  quantity: number | null;
  variation: SellableVariation | null;
  unreadable: boolean;
}

/** The readings of a line: the first whose article the catalogue knows, else the first. */
function chosenReading(readings: readonly Reading[], known: ReadonlyMap<string, number>): Reading | null {
  return readings.find((r) => known.has(r.article.toLowerCase())) ?? readings[0] ?? null;
}

export function productOf(variation: SellableVariation, apiBase: string): QuickOrderProduct {
  const [image] = thumbnailsOf(apiBase, variation.imageUuids.slice(0, 1));
  return {
    variation_id: variation.variationId,
    product_uuid: variation.productUuid,
    sku: variation.sku,
    title: variation.title,
    image: image ?? null,
    minimum_quantity: minimumQuantity(variation.scaled),
    tax_percentage: rateFraction(variation.taxRate),
    sales_unit: salesUnitOf(variation),
  };
}

function groupsOf({ lines, known, sellable }: ResolveInput): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const pasted of lines) {
    const reading = chosenReading(pasted.readings, known);
    if (!reading) {
      groups.push({ lines: [pasted.line], article: pasted.input.slice(0, 64), quantity: null, variation: null, unreadable: true });
      continue;
    }
    const variationId = known.get(reading.article.toLowerCase());
    const variation = variationId === undefined ? null : (sellable.get(variationId) ?? null);
    // Lines without a quantity stay apart: each must be given one.
    const key = reading.quantity === null ? null : variation ? `v${variation.variationId}` : `a${reading.article.toLowerCase()}`;
    const same = key === null ? undefined : byKey.get(key);
    if (same) {
      same.lines.push(pasted.line);
      same.quantity = (same.quantity ?? 0) + (reading.quantity ?? 0);
      continue;
    }
    const group: Group = { lines: [pasted.line], article: reading.article, quantity: reading.quantity, variation, unreadable: false };
    groups.push(group);
    if (key !== null) byKey.set(key, group);
  }
  return groups;
}

/** The status of a merged line and its unit price when it is ok. */
function statusOf(group: Group, goneIsNotOrderable: boolean): { status: QuickOrderStatus; unitCents: number | null } {
  const { variation, quantity } = group;
  if (group.unreadable) return { status: 'unreadable', unitCents: null };
  if (!variation) return { status: goneIsNotOrderable ? 'not_orderable' : 'unknown_article', unitCents: null };
  if (!variation.active) return { status: 'not_orderable', unitCents: null };
  const minimum = minimumQuantity(variation.scaled);
  if (minimum === null) return { status: 'price_on_request', unitCents: null };
  if (quantity === null) return { status: 'no_quantity', unitCents: null };
  if (quantity > MAX_LINE_QUANTITY) return { status: 'too_many', unitCents: null };
  if (quantity < minimum) return { status: 'below_minimum', unitCents: null };
  if (multipleProblem(variation, quantity)) return { status: 'not_multiple', unitCents: null };
  if (!checkQuantity(variation.stock, quantity).allowed) return { status: 'out_of_stock', unitCents: null };
  return { status: 'ok', unitCents: unitPriceFor(quantity, variation.scaled, variation.quoted) };
}

function messageOf(group: Group, status: QuickOrderStatus, lang: Lang, today: string): string | null {
  const say = speakerIn(lang, QUICK_ORDER_MESSAGES);
  const line = group.lines[0]!;
  const sku = group.variation?.sku ?? group.article;
  switch (status) {
    case 'ok': {
      const later = backorderText(group.variation!, group.quantity!, today)?.[lang];
      const merged = group.lines.length > 1 ? say('merged', { lines: group.lines.join(', ') }) : null;
      return [merged, later].filter((text) => text !== null && text !== undefined).join(' ') || null;
    }
    case 'out_of_stock':
      return stockRefusal(group.variation!, group.quantity!, today)!.message[lang];
    case 'unknown_article':
      return say('unknown_article', { article: group.article, line });
    case 'not_orderable':
      return say('not_orderable', { sku });
    case 'price_on_request':
      return say('price_on_request', { sku });
    case 'below_minimum':
      return say('below_minimum', { sku, minimum: minimumQuantity(group.variation!.scaled)! });
    case 'no_quantity':
      return say('no_quantity', { line });
    case 'not_multiple':
      return multipleProblem(group.variation!, group.quantity!)!.message[lang];
    case 'unreadable':
      return say('unreadable', { line });
    case 'too_many':
      return say('too_many', { sku, max: MAX_LINE_QUANTITY });
  }
}

/** The preview's lines, in the order of the input, and what each adds to the cart. */
export function resolveLines(input: ResolveInput): ResolvedLine[] {
  return groupsOf(input).map((group) => {
    const { status, unitCents } = statusOf(group, input.goneIsNotOrderable ?? false);
    const ok = status === 'ok' && unitCents !== null && group.variation !== null && group.quantity !== null;
    return {
      line: {
        lines: group.lines,
        article: group.article,
        quantity: group.quantity,
        status,
        message: messageOf(group, status, input.lang, input.today),
        merged: group.lines.length > 1,
        product: group.variation ? productOf(group.variation, input.apiBase) : null,
        unit_price: ok ? price(unitCents) : null,
        total_price: ok ? price(unitCents * group.quantity!) : null,
      },
      addition: ok ? { variationId: group.variation!.variationId, quantity: group.quantity!, unitPriceCents: unitCents, taxRate: group.variation!.taxRate } : null,
    };
  });
}

/** The preview: the lines, and the sums of the ok ones as the cart works them out (no shipping). */
export function previewOf(resolved: readonly ResolvedLine[], lang: Lang): QuickOrderPreview {
  const okLines = resolved.flatMap((r) => (r.addition ? [r.addition] : []));
  const sums = orderSums(okLines, null, null);
  return {
    lines: resolved.map((r) => r.line),
    ok_count: okLines.length,
    problem_count: resolved.length - okLines.length,
    subtotal: price(sums.subtotalCents),
    taxes: sums.taxes.map((t) => ({ label: taxLabel(t.rate, lang), percentage: rateFraction(t.rate), amount: price(t.amountCents) })),
    total: price(sums.totalCents),
  };
}
