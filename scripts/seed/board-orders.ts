import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { systemActor } from '../../src/server/context/actor';
import type { OrderEvent, OrderState } from '../../src/server/modules/ordering/order-state';
import { transitionOrder } from '../../src/server/modules/ordering/order-transition';
import { type DepositRow, orderSums } from '../../src/server/modules/ordering/ordering.service';
import { addDays, dayBefore, weekdayOf } from '../../src/shared/delivery-date';
import type { CatalogueRows } from './catalogue';
import type { CustomerRows } from './customers';
import { addressSnapshot, DELIVERY_CENTS, LABELS, orderAdjustments, orderItemsOf, pricedLine, REGULAR_CUSTOMERS, standardPrices, usualProductsOf } from './orders';
import type { Random } from './random';

/**
 * The orders board's demo (issue 42): a few weeks of orders of the demo customers in every state
 * an order takes from placing on, so the board, its counts and the dashboard show something on a
 * fresh start. Each order is put in the cart and then taken through the state machine
 * (`transitionOrder`) by the demo data's own system actor, at the moments the steps would have
 * been taken, so its history and the audit log tell the same story. A cart (draft) and an order
 * in the cart while it is paid (payment_pending) are not shown: they would fill the demo
 * customers' carts, which their tests and a visitor expect empty.
 */

type Row = typeof schema.orders.$inferInsert;
type Item = Omit<typeof schema.orderItems.$inferInsert, 'orderId'>;

export interface BoardOrder {
  order: Omit<Row, 'id' | 'state' | 'orderNumber'>;
  items: Item[];
  /** The steps after the cart, each at its moment (never after the seeding clock). */
  steps: Array<{ event: OrderEvent; at: Date; reason?: string }>;
  /** The state the steps lead to (checked after loading). */
  state: OrderState;
}

/** When the order was placed (days before today), when it is delivered (days from today) and how far it got. */
type Plan = [placedDaysAgo: number, deliveryFromToday: number, state: Exclude<OrderState, 'draft' | 'payment_pending'>];

/** 44 orders over the last four weeks and the coming week: every state, the coming deliveries spread over the days. */
const PLANS: readonly Plan[] = [
  // Still to deliver: placed, with the ERP, confirmed, and one canceled before it went out.
  [1, 1, 'placed'], [1, 2, 'placed'], [2, 3, 'placed'], [1, 4, 'placed'], [2, 5, 'placed'], [1, 6, 'placed'],
  [2, 1, 'exported'], [2, 2, 'exported'], [3, 3, 'exported'], [3, 4, 'exported'], [2, 6, 'exported'],
  [3, 1, 'confirmed'], [4, 2, 'confirmed'], [3, 3, 'confirmed'], [4, 5, 'confirmed'],
  [2, 3, 'canceled'],
  // Today's deliveries: confirmed and on the road.
  [2, 0, 'confirmed'], [3, 0, 'confirmed'], [2, 0, 'shipped'], [3, 0, 'shipped'],
  // Delivered in the past weeks (some not yet marked so), completed, and a few canceled.
  [3, -1, 'shipped'], [4, -1, 'shipped'],
  [4, -2, 'delivered'], [5, -3, 'delivered'], [6, -4, 'delivered'], [8, -5, 'delivered'], [9, -6, 'delivered'], [10, -7, 'delivered'],
  [11, -8, 'completed'], [12, -9, 'completed'], [13, -10, 'completed'], [14, -11, 'completed'], [15, -12, 'completed'], [16, -13, 'completed'],
  [18, -15, 'completed'], [19, -16, 'completed'], [21, -18, 'completed'], [23, -20, 'completed'], [25, -22, 'completed'], [27, -24, 'completed'],
  [9, -7, 'canceled'], [16, -14, 'canceled'], [24, -21, 'canceled'],
  [6, -3, 'completed'],
];

/** The steps from the cart to `state`: placing (paying, online), the ERP's export, and on; a cancel before or after the export. */
function eventsTo(state: Plan[2], online: boolean, early: boolean): OrderEvent[] {
  const place: OrderEvent = online ? 'pay' : 'place';
  const path: Record<Plan[2], OrderEvent[]> = {
    placed: [place],
    exported: [place, 'export'],
    confirmed: [place, 'export', 'confirm'],
    shipped: [place, 'export', 'confirm', 'ship'],
    delivered: [place, 'export', 'confirm', 'ship', 'deliver'],
    completed: [place, 'export', 'confirm', 'ship', 'deliver', 'complete'],
    canceled: early ? [place, 'cancel'] : [place, 'export', 'cancel'],
  };
  return path[state];
}

const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00Z`);

/** Each step's moment: the export an hour after placing, confirmed that afternoon, shipped and delivered on the delivery day, completed the day after. */
function stepMoments(events: readonly OrderEvent[], placedAt: Date, delivery: string, now: Date, lang: 'nl' | 'en'): BoardOrder['steps'] {
  const placedDay = placedAt.toISOString().slice(0, 10);
  const moments: Partial<Record<OrderEvent, Date>> = {
    place: placedAt,
    pay: placedAt,
    export: new Date(placedAt.getTime() + 3_600_000),
    confirm: at(placedDay, '15:00'),
    ship: at(delivery, '06:00'),
    deliver: at(delivery, '11:00'),
    complete: at(addDays(delivery, 1), '08:00'),
    cancel: new Date(placedAt.getTime() + 7_200_000),
  };
  const reason = lang === 'nl' ? 'De klant belde: de bestelling is niet meer nodig.' : 'The customer called: the order is no longer needed.';
  let last = placedAt;
  return events.map((event) => {
    const moment = new Date(Math.min(Math.max((moments[event] ?? last).getTime(), last.getTime()), now.getTime()));
    last = moment;
    return { event, at: moment, ...(event === 'cancel' ? { reason } : {}) };
  });
}

interface Buyer {
  user: CustomerRows['users'][number];
  relation: CustomerRows['relations'][number];
  address: CustomerRows['deliveryAddresses'][number] | undefined;
  products: CatalogueRows['variations'];
}

/** The demo customers with what they buy: the regulars their usual products (so My usual products stays as it is), ghint from the whole range. */
function buyers(ordersRng: Random, rng: Random, customers: CustomerRows, sellable: CatalogueRows['variations']): Buyer[] {
  return ['demo', 'demo-en', 'grooth', 'ghint'].flatMap((name) => {
    const user = customers.users.find((u) => u.name === name);
    const relation = customers.relations.find((r) => r.id === user?.relationId);
    if (!user || !relation) return [];
    const regular = (REGULAR_CUSTOMERS as readonly string[]).includes(name);
    const products = regular ? usualProductsOf(ordersRng, name, sellable) : rng.sample(sellable, 8);
    return [{ user, relation, address: customers.deliveryAddresses.find((a) => a.relationId === relation.id), products }];
  });
}

/** The order's lines and sums at today's list prices, as placing snapshots them. */
function priced(rng: Random, buyer: Buyer, catalogue: CatalogueRows, listPrice: Map<number, number>, pickup: boolean) {
  const products = new Map(catalogue.products.map((p) => [p.id, p]));
  const lines = rng.sample(buyer.products, rng.int(1, 4)).map((variation) => {
    const deposits: DepositRow[] = catalogue.variationDeposits.filter((d) => d.variationId === variation.id).map((d) => ({ kind: d.kind, amountCents: d.amountCents, quantity: d.quantity }));
    return pricedLine(rng, variation, products.get(variation.productId)!, listPrice, deposits);
  });
  const threshold = Number(/\d+/.exec(buyer.relation.freeDeliveryAmount ?? '')?.[0] ?? 0) * 100 || null;
  return { lines, sums: orderSums(lines, { rateCents: pickup ? 0 : DELIVERY_CENTS, franco: !pickup }, threshold) };
}

/** One planned order as rows: the order (still a cart), its lines and its steps. */
function boardOrder(rng: Random, buyer: Buyer, plan: Plan, catalogue: CatalogueRows, listPrice: Map<number, number>, today: string, now: Date): BoardOrder {
  const [daysAgo, fromToday, state] = plan;
  const lang = buyer.user.langcode === 'en' ? 'en' : 'nl';
  const labels = LABELS[lang];
  const pickup = rng.chance(0.15);
  // The coming canceled order was paid online: finance sees its refund on the payments page.
  const refund = state === 'canceled' && fromToday > 0;
  const paysOnline = rng.chance(0.25);
  const online = refund || (paysOnline && state !== 'canceled');
  const { lines, sums } = priced(rng, buyer, catalogue, listPrice, pickup);
  const placedAt = at(dayBefore(today, daysAgo), `${String(7 + rng.int(0, 9)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`);
  // No deliveries on Sundays: a coming one goes to Monday, today's or a past one to Saturday.
  const planned = addDays(today, fromToday);
  const delivery = weekdayOf(planned) !== 'sunday' ? planned : fromToday > 0 ? addDays(planned, 1) : dayBefore(planned);
  const r = buyer.relation;
  const snapshot = (a: Parameters<typeof addressSnapshot>[1]) => addressSnapshot(r.name, a);
  const address = buyer.address;
  const order: BoardOrder['order'] = {
    userId: buyer.user.id,
    relationId: r.id,
    langcode: lang,
    reqDlvDate: delivery,
    placedAt,
    mail: buyer.user.mail,
    billingAddress: snapshot(r),
    deliveryAddress: address ? { ...snapshot(address), label: address.label ?? undefined, profile_id: address.id } : snapshot(r),
    shippingMethodId: pickup ? 'pickup' : 'delivery',
    shippingMethodLabel: pickup ? labels.pickup : labels.delivery,
    paymentMethodId: online ? 'ideal' : 'on_account',
    paymentMethodLabel: online ? labels.ideal : labels.onAccount,
    subtotalCents: sums.subtotalCents,
    adjustments: orderAdjustments(sums, lang, pickup),
    totalCents: sums.totalCents,
    paymentState: online ? 'paid' : 'on_account',
    financeCheck: refund ? 'refund' : null,
    poReference: rng.chance(0.5) ? `PO-${r.erpNumber}-${String(rng.int(100, 999))}` : '',
    customerComment: rng.chance(0.2) ? (lang === 'nl' ? 'Graag via de achteringang leveren.' : 'Please deliver at the back door.') : '',
    createdAt: placedAt,
    changedAt: placedAt,
  };
  const items: Item[] = orderItemsOf(lines, sums, lang, placedAt);
  const steps = stepMoments(eventsTo(state, online, fromToday > 0 || rng.chance(0.5)), placedAt, delivery, now, lang);
  return { order, items, steps, state };
}

/**
 * The board's demo orders, placing order first, spread over the demo customers. Pure: the same
 * seed, data and clock give the same orders. Articles whose stock the demo keeps are left out
 * (an open order counts against its stock, decision 030).
 */
export function generateBoardOrders(ordersRng: Random, rng: Random, customers: CustomerRows, catalogue: CatalogueRows, stocked: ReadonlySet<number>, now: Date, today: string): BoardOrder[] {
  const listPrice = standardPrices(catalogue, today);
  const sellable = catalogue.variations.filter((v) => listPrice.has(v.id));
  const all = buyers(ordersRng, rng, customers, sellable).map((b) => ({ ...b, products: b.products.filter((v) => !stocked.has(v.id)) })).filter((b) => b.products.length > 0);
  if (all.length === 0) return [];
  const orders = PLANS.map((plan, i) => boardOrder(rng, all[i % all.length]!, plan, catalogue, listPrice, today, now));
  return orders.sort((x, y) => x.order.placedAt!.getTime() - y.order.placedAt!.getTime());
}

/** Numbers: 'W' and the id, as the checkout numbers them. */
const orderNumberOf = (id: number) => `W${String(id).padStart(7, '0')}`;

/**
 * Loads the board's orders inside the demo data's transaction: each one as a cart, then its steps
 * through the state machine; an export number for those the ERP export handed out.
 */
export async function loadBoardOrders(tx: Tx, planned: readonly BoardOrder[]): Promise<number> {
  const actor = systemActor('demo_data');
  for (const plan of planned) {
    const [{ id }] = (await tx.insert(schema.orders).values({ ...plan.order, state: 'draft' }).returning({ id: schema.orders.id })) as [{ id: number }];
    await tx.insert(schema.orderItems).values(plan.items.map((item) => ({ ...item, orderId: id })));
    await tx.update(schema.orders).set({ orderNumber: orderNumberOf(id) }).where(eq(schema.orders.id, id));
    let state: OrderState = 'draft';
    for (const step of plan.steps) {
      state = (await transitionOrder(tx, id, step.event, actor, { at: step.at, reason: step.reason })).to;
      if (step.event === 'export') await tx.execute(sql`update orders set erp_export_seq = nextval('erp_export_seq') where id = ${id}`);
    }
    if (state !== plan.state) throw new Error(`demo order ${id} ended ${state}, not ${plan.state}`);
  }
  return planned.length;
}
