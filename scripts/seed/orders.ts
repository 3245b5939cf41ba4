import type * as schema from '../../src/server/db/schema';
import { dayBefore } from '../../src/shared/delivery-date';
import { type DepositRow, depositLabel, orderSums } from '../../src/server/modules/ordering/ordering.service';
import type { CatalogueRows } from './catalogue';
import type { CustomerRows } from './customers';
import type { InvoiceRows } from './invoices';
import type { Random } from './random';
import { nextMultiple } from '../../src/shared/sales-unit';

export type OrderRow = typeof schema.orders.$inferInsert & { id: number };
export type OrderItemRow = typeof schema.orderItems.$inferInsert & { id: number };

export interface OrderRows {
  orders: OrderRow[];
  orderItems: OrderItemRow[];
}

export const DELIVERY_CENTS = 1495;
export const LABELS = {
  nl: { delivery: 'Bezorgen', pickup: 'Afhalen bij ons magazijn', onAccount: 'Op rekening', ideal: 'iDEAL', tax: 'BTW' },
  en: { delivery: 'Delivery', pickup: 'Collect at our warehouse', onAccount: 'On account', ideal: 'iDEAL', tax: 'VAT' },
} as const;

/** Per variation its STANDAARD-list price from 1 piece, or from its order multiple where it has one (decision 029), valid today. */
export function standardPrices(catalogue: CatalogueRows, today: string): Map<number, number> {
  const listPrice = new Map<number, number>();
  const fromQuantity = new Map(catalogue.variations.map((v) => [v.id, v.orderMultiple ?? 1]));
  for (const p of catalogue.prices) {
    if (p.pricelist === 'STANDAARD' && p.minQuantity === (fromQuantity.get(p.variationId) ?? 1) && !p.validUntil && (p.validFrom ?? '') <= today) listPrice.set(p.variationId, p.unitPriceCents);
  }
  return listPrice;
}

type Variation = CatalogueRows['variations'][number];
type Product = CatalogueRows['products'][number];

/** A demo order's line as placing prices it: a whole number of the article's order multiple (decision 029) at its list price. */
export function pricedLine(rng: Random, variation: Variation, product: Product, listPrice: ReadonlyMap<number, number>, deposits: DepositRow[]) {
  return {
    variation,
    product,
    quantity: nextMultiple(rng.pick([1, 2, 3, 4, 6, 10, 12]), variation.orderMultiple ?? 1),
    unitPriceCents: listPrice.get(variation.id)!,
    taxRate: product.vatClass === 'standard' ? 2100 : product.vatClass === 'none' ? 0 : 900,
    deposits,
  };
}
type PricedLine = ReturnType<typeof pricedLine>;
type Sums = ReturnType<typeof orderSums>;

/** An address as the order keeps it, under the relation's name. */
export const addressSnapshot = (name: string, a: { addressLine1?: string | null; postalCode?: string | null; locality?: string | null; countryCode?: string | null }) => ({
  name,
  address_line1: a.addressLine1 ?? '',
  postal_code: a.postalCode ?? '',
  locality: a.locality ?? '',
  country_code: a.countryCode ?? 'NL',
});

/** The order's adjustments as placing stores them: shipping, the taxes and the deposits, in its language. */
export function orderAdjustments(sums: Sums, lang: 'nl' | 'en', pickup: boolean): NonNullable<OrderRow['adjustments']> {
  const labels = LABELS[lang];
  return [
    ...(sums.shippingCents !== null ? [{ type: 'shipping' as const, label: pickup ? labels.pickup : labels.delivery, percentage: null, amountCents: sums.shippingCents }] : []),
    ...sums.taxes.map((t) => ({ type: 'tax' as const, label: `${labels.tax} ${t.rate / 100}%`, percentage: String(t.rate / 10_000), amountCents: t.amountCents })),
    ...sums.deposits.map((d) => {
      const deposit = { kind: d.kind, quantity: d.quantity, unitCents: d.amountCents };
      return { type: 'deposit' as const, label: depositLabel(deposit, lang), percentage: null, amountCents: d.totalCents, deposit };
    }),
  ];
}

/** The order's items as placing snapshots them (without the order's id). */
export function orderItemsOf(lines: readonly PricedLine[], sums: Sums, lang: 'nl' | 'en', placedAt: Date) {
  return lines.map((line, i) => ({
    variationId: line.variation.id,
    productId: line.product.id,
    quantity: line.quantity,
    title: lang === 'en' ? line.product.titleEn : line.product.titleNl,
    sku: line.variation.sku,
    unitPriceCents: line.unitPriceCents,
    totalCents: sums.lineTotals[i] ?? 0,
    taxRate: line.taxRate,
    createdAt: placedAt,
  }));
}

/** The names of the demo customers who reorder from usual products of their own. */
export const REGULAR_CUSTOMERS = ['demo', 'demo-en', 'grooth'] as const;

/** A regular's eight usual products, from a stream of their own (the same every time for the same seed). */
export const usualProductsOf = <T>(ordersRng: Random, name: string, sellable: readonly T[]): T[] => ordersRng.fork(`usual-products-${name}`).sample(sellable, 8);

/**
 * Past orders, placed through the shop before today: `demo` has 18 (more than a page of My
 * orders), the other demo customers a few, about half of the generated customers up to four.
 * The demo customers' orders draw from eight usual products each (My usual products shows them).
 * Lines at today's STANDAARD-list price from one piece (a snapshot, as placing keeps it), VAT per
 * rate, shipping below the relation's threshold. The three newest orders of `demo` are on
 * account with an invoice from the ERP: the newest and the third open ('Pay now' in My orders),
 * the second a credit for a returned line (appended to `invoices`, which already holds the
 * invoices outside the webshop).
 */
export function generateOrders(rng: Random, customers: CustomerRows, catalogue: CatalogueRows, invoices: InvoiceRows, today: string): OrderRows {
  const rows: OrderRows = { orders: [], orderItems: [] };
  const listPrice = standardPrices(catalogue, today);
  const products = new Map(catalogue.products.map((p) => [p.id, p]));
  const depositsOf = new Map<number, DepositRow[]>();
  for (const d of catalogue.variationDeposits) depositsOf.set(d.variationId, [...(depositsOf.get(d.variationId) ?? []), { kind: d.kind, amountCents: d.amountCents, quantity: d.quantity }]);
  const sellable = catalogue.variations.filter((v) => listPrice.has(v.id));
  if (sellable.length === 0) return rows;
  const thresholds = new Map(customers.relations.map((r) => [r.id, Number(/\d+/.exec(r.freeDeliveryAmount ?? '')?.[0] ?? 0) * 100 || null]));
  const addressOf = new Map<number, (typeof customers.deliveryAddresses)[number]>();
  for (const a of [...customers.deliveryAddresses].reverse()) addressOf.set(a.relationId, a);
  let invoiceNumber = 26_5001;
  const regulars = new Map<number, { rng: Random; products: typeof sellable }>();

  /** `invoice`: none, open for the whole order, or a credit for its first line; `onAccount` forces the method. */
  const place = (user: (typeof customers.users)[number], daysAgo: number, invoice: 'none' | 'open' | 'credit', onAccount = false) => {
    const relation = customers.relations.find((r) => r.id === user.relationId);
    if (!relation) return;
    const lang = user.langcode === 'en' ? 'en' : 'nl';
    const labels = LABELS[lang];
    const drawn = rng.sample(sellable, rng.int(1, 5));
    // The demo customers reorder from their usual products (what "My usual products" shows), drawn
    // from a stream of their own, so the rest of the demo data is as it was.
    const usual = regulars.get(user.id);
    const chosen = usual ? usual.rng.sample(usual.products, drawn.length) : drawn;
    const lines = chosen.map((variation) => pricedLine(rng, variation, products.get(variation.productId)!, listPrice, depositsOf.get(variation.id) ?? []));
    const pickup = rng.chance(0.15);
    const sums = orderSums(lines, { rateCents: pickup ? 0 : DELIVERY_CENTS, franco: !pickup }, thresholds.get(relation.id) ?? null);
    const id = rows.orders.length + 1;
    const placedAt = new Date(`${dayBefore(today, daysAgo)}T${String(8 + rng.int(0, 9)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00Z`);
    const address = addressOf.get(relation.id);
    const snapshot = (a: Parameters<typeof addressSnapshot>[1]) => addressSnapshot(relation.name, a);
    const orderNumber = `W${String(id).padStart(7, '0')}`;
    const online = rng.chance(0.3) && !onAccount;
    rows.orders.push({
      id,
      userId: user.id,
      relationId: relation.id,
      state: daysAgo > 14 ? 'completed' : 'placed',
      orderNumber,
      langcode: lang,
      reqDlvDate: dayBefore(today, Math.max(0, daysAgo - 2)),
      placedAt,
      mail: user.mail,
      billingAddress: snapshot(relation),
      deliveryAddress: address ? { ...snapshot(address), label: address.label, profile_id: address.id } : snapshot(relation),
      // The methods as the checkout keeps them (the staff board filters on the payment method).
      shippingMethodId: pickup ? 'pickup' : 'delivery',
      shippingMethodLabel: pickup ? labels.pickup : labels.delivery,
      paymentMethodId: online ? 'ideal' : 'on_account',
      paymentMethodLabel: online ? labels.ideal : labels.onAccount,
      subtotalCents: sums.subtotalCents,
      adjustments: orderAdjustments(sums, lang, pickup),
      totalCents: sums.totalCents,
      paymentState: online ? 'paid' : 'on_account',
      createdAt: placedAt,
      changedAt: placedAt,
    });
    for (const item of orderItemsOf(lines, sums, lang, placedAt)) rows.orderItems.push({ id: rows.orderItems.length + 1, orderId: id, ...item });
    if (invoice !== 'none' && !online) {
      const firstLine = lines[0]!;
      const creditCents = -Math.round(((sums.lineTotals[0] ?? 0) * (10_000 + firstLine.taxRate)) / 10_000);
      invoices.cashInvoices.push({
        id: invoices.cashInvoices.length + 1,
        relationId: relation.id,
        invoiceNumber: `F${invoiceNumber++}`,
        cashOrderId: `K${String(800_000 + id).padStart(7, '0')}`,
        entryDate: dayBefore(today, Math.max(0, daysAgo - 1)),
        orderId: id,
        orderNumber,
        outstandingCents: invoice === 'credit' ? creditCents : sums.totalCents,
      });
    }
  };

  const demoUsers = REGULAR_CUSTOMERS;
  for (const name of demoUsers) {
    const user = customers.users.find((u) => u.name === name);
    const usualRng = rng.fork(`usual-products-${name}`);
    if (user) regulars.set(user.id, { rng: usualRng, products: usualRng.sample(sellable, 8) });
  }
  for (const name of demoUsers) {
    const user = customers.users.find((u) => u.name === name);
    if (!user) continue;
    const count = name === 'demo' ? 18 : 4;
    for (let i = count; i >= 1; i--) {
      const invoice = name === 'demo' ? (i === 2 ? 'credit' : i <= 3 ? 'open' : 'none') : i === 1 ? 'open' : 'none';
      place(user, i * 9 + rng.int(0, 4), invoice, name === 'demo' && i <= 3);
    }
  }
  for (const relation of customers.relations) {
    if (relation.id <= 4 || !rng.chance(0.5)) continue;
    const user = customers.users.find((u) => u.relationId === relation.id);
    if (!user) continue;
    for (let i = rng.int(1, 4); i >= 1; i--) place(user, i * 20 + rng.int(0, 10), rng.chance(0.2) ? 'open' : 'none');
  }
  return rows;
}
