import type { DepositKind } from '../../../../shared/api/deposits';
import type { DepositRow, ScaledPriceRow } from '../../catalog/catalog-sql.service';

export type { DepositRow, ScaledPriceRow };

/**
 * The sums of an order in integer cents: unit prices by quantity, line totals, shipping (free
 * from the relation's threshold), VAT per rate, deposits. Prices are excluding VAT (B2B); VAT is
 * added as one tax adjustment per rate; deposits carry no VAT (decision 028). Pure: the cart and
 * checkout services feed it.
 */

/**
 * The unit price for a quantity: the scaled price with the largest "from" quantity not above
 * it, or a better quoted price valid from that quantity. Null when nothing applies (no price
 * in the list, or the quantity is below the smallest scaled quantity).
 */
export function unitPriceFor(quantity: number, scaled: readonly ScaledPriceRow[], quoted: readonly ScaledPriceRow[] = []): number | null {
  const best = (rows: readonly ScaledPriceRow[]) => {
    let found: ScaledPriceRow | null = null;
    for (const row of rows) if (row.minQuantity <= quantity && (!found || row.minQuantity > found.minQuantity)) found = row;
    return found?.unitPriceCents ?? null;
  };
  const list = best(scaled);
  if (list === null) return null;
  let price = list;
  for (const row of quoted) if (row.minQuantity <= quantity && row.unitPriceCents < price) price = row.unitPriceCents;
  return price;
}

/** The smallest quantity that has a price (the minimum order quantity); null without prices. */
export function minimumQuantity(scaled: readonly ScaledPriceRow[]): number | null {
  return scaled.length === 0 ? null : Math.min(...scaled.map((row) => row.minQuantity));
}

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
  /** VAT in basis points: 900 = 9%. */
  taxRate: number;
  deposits?: readonly DepositRow[];
}

/** The deposits of an order, one entry per kind and amount (a line of its own, without VAT). */
export interface DepositSum {
  kind: DepositKind;
  /** Deposit items: 2 crates of 24 bottles are 48 bottles. */
  quantity: number;
  amountCents: number;
  totalCents: number;
}

export interface ShippingChoice {
  rateCents: number;
  /** Free at or above the relation's threshold. */
  franco: boolean;
}

/** A VAT rate used for shipping when the order has no lines (the standard rate). */
const STANDARD_TAX_RATE = 2100;

export interface OrderSums {
  lineTotals: number[];
  subtotalCents: number;
  /** Null when no shipping method is chosen. */
  shippingCents: number | null;
  /** One entry per rate, highest rate first; rates with nothing to tax are left out. */
  taxes: Array<{ rate: number; baseCents: number; amountCents: number }>;
  /** Per kind and amount: crates, kegs, bottles, cans. */
  deposits: DepositSum[];
  depositCents: number;
  /** Subtotal, shipping, VAT and deposits. */
  totalCents: number;
  /** What is left to reach the threshold (0 when reached); null without a threshold. */
  freeDeliveryRemainingCents: number | null;
}

/** Rounds half away from zero: a tax of 12.5 cents is 13. */
function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * Shipping is taxed like the goods it carries (the Dutch rule for ancillary costs): split
 * over the rates in proportion to the goods at each rate, the cents that the split leaves
 * going to the largest remainders, so the parts always add up to the shipping cost.
 */
function splitShipping(shippingCents: number, baseByRate: ReadonlyMap<number, number>): Map<number, number> {
  const parts = new Map<number, number>();
  const total = [...baseByRate.values()].reduce((a, b) => a + b, 0);
  if (shippingCents === 0) return parts;
  if (total <= 0) {
    parts.set(STANDARD_TAX_RATE, shippingCents);
    return parts;
  }
  const shares = [...baseByRate.entries()].map(([rate, base]) => {
    const exact = (shippingCents * base) / total;
    return { rate, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = shippingCents - shares.reduce((a, s) => a + s.floor, 0);
  shares.sort((a, b) => b.remainder - a.remainder || b.rate - a.rate);
  for (const share of shares) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    parts.set(share.rate, share.floor + extra);
  }
  return parts;
}

const KIND_ORDER: readonly DepositKind[] = ['crate', 'keg', 'bottle', 'can'];

/** The deposits of the lines added up per kind and amount (two beers with a bottle of € 0,10 make one entry). */
export function depositSums(lines: readonly PricedLine[]): DepositSum[] {
  const byKey = new Map<string, DepositSum>();
  for (const line of lines) {
    for (const deposit of line.deposits ?? []) {
      const key = `${deposit.kind}:${deposit.amountCents}`;
      const entry = byKey.get(key) ?? { kind: deposit.kind, quantity: 0, amountCents: deposit.amountCents, totalCents: 0 };
      entry.quantity += line.quantity * deposit.quantity;
      entry.totalCents = entry.quantity * entry.amountCents;
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.amountCents - b.amountCents);
}

export interface SumsOptions {
  /** The relation's terms count deposits towards the free-delivery amount (default: they do not). */
  depositsCountFreeDelivery?: boolean;
}

export function orderSums(lines: readonly PricedLine[], shipping: ShippingChoice | null, freeDeliveryThresholdCents: number | null, options: SumsOptions = {}): OrderSums {
  const lineTotals = lines.map((line) => line.quantity * line.unitPriceCents);
  const subtotalCents = lineTotals.reduce((a, b) => a + b, 0);
  const deposits = depositSums(lines);
  const depositCents = deposits.reduce((a, d) => a + d.totalCents, 0);
  const countedCents = subtotalCents + (options.depositsCountFreeDelivery ? depositCents : 0);
  const reached = freeDeliveryThresholdCents !== null && countedCents >= freeDeliveryThresholdCents;
  const shippingCents = shipping === null ? null : shipping.franco && reached ? 0 : shipping.rateCents;

  const baseByRate = new Map<number, number>();
  lines.forEach((line, i) => baseByRate.set(line.taxRate, (baseByRate.get(line.taxRate) ?? 0) + (lineTotals[i] ?? 0)));
  const shippingParts = splitShipping(shippingCents ?? 0, baseByRate);
  for (const [rate, part] of shippingParts) baseByRate.set(rate, (baseByRate.get(rate) ?? 0) + part);

  const taxes = [...baseByRate.entries()]
    .filter(([rate, base]) => rate > 0 && base !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, baseCents]) => ({ rate, baseCents, amountCents: roundCents((baseCents * rate) / 10_000) }));
  const totalCents = subtotalCents + (shippingCents ?? 0) + taxes.reduce((a, t) => a + t.amountCents, 0) + depositCents;
  return {
    lineTotals,
    subtotalCents,
    shippingCents,
    taxes,
    deposits,
    depositCents,
    totalCents,
    freeDeliveryRemainingCents: freeDeliveryThresholdCents === null ? null : Math.max(0, freeDeliveryThresholdCents - countedCents),
  };
}
