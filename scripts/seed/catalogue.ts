import type * as schema from '../../src/server/db/schema';
import { groupsA } from './catalogue-groups-a';
import { groupsB } from './catalogue-groups-b';
import { groupsC } from './catalogue-groups-c';
import type { Country, GroupSpec, Item, LeafSpec, Pack, Pair } from './catalogue-types';
import { type FoodPlan, type FoodRows, generateFood } from './catalogue-food';
import { depositsOfPack, type VariationDepositRow } from './deposits';
import { alignPricesToMultiples, salesUnitOfPack } from './sales-units';
import { productSvg } from './images';
import { apportion, type Random } from './random';

export const catalogueGroups: readonly GroupSpec[] = [...groupsA, ...groupsB, ...groupsC];

export type CategoryRow = typeof schema.categories.$inferInsert & { id: number };
export type ProductRow = typeof schema.products.$inferInsert & { id: number };
export type ProductCategoryRow = typeof schema.productCategories.$inferInsert;
export type VariationRow = typeof schema.variations.$inferInsert & { id: number };
export type FileRow = typeof schema.files.$inferInsert & { id: number };
export type ProductImageRow = typeof schema.productImages.$inferInsert;
export type PriceRow = typeof schema.prices.$inferInsert & { id: number };

export interface CatalogueRows extends FoodRows {
  categories: CategoryRow[];
  products: ProductRow[];
  productCategories: ProductCategoryRow[];
  variations: VariationRow[];
  files: FileRow[];
  productImages: ProductImageRow[];
  prices: PriceRow[];
  variationDeposits: VariationDepositRow[];
}

/** The seed's groups give a rate; a product has the class of it (decision 028). */
const vatClassOf = (rate: number) => (rate === 2100 ? 'standard' : rate === 0 ? 'none' : 'food');

/** Products at scale 1; `scale` multiplies it. */
export const PRODUCTS_PER_SCALE = 400;

/** Products are dated back from here, so "newest first" has something to sort and never moves. */
const CATALOGUE_EPOCH = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

const escapeHtml = (text: string) => (/[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text);

/**
 * Six-digit article numbers: two digits of the group, then 1001 upwards (group 10 starts at
 * 101001). A group that runs out of its 9,000 numbers (only at very large scales) continues in
 * a spare two-digit block, so numbers stay six digits and unique.
 */
function skuAllocator(groupKeys: readonly string[]) {
  const used = new Set(groupKeys.map(Number));
  let spare = 30;
  const state = new Map<string, { prefix: number; next: number }>();
  return (groupKey: string): string => {
    let s = state.get(groupKey);
    if (!s || s.next > 9999) {
      let prefix = Number(groupKey);
      if (s) {
        while (used.has(spare)) spare++;
        if (spare > 99) throw new Error('Out of six-digit article numbers: lower the scale.');
        prefix = spare;
        used.add(spare);
      }
      s = { prefix, next: 1001 };
      state.set(groupKey, s);
    }
    const sku = String(s.prefix * 10000 + s.next);
    s.next++;
    return sku;
  };
}

/** EAN-13 with a valid check digit. */
function ean13(rng: Random, country: Country): string {
  const body = (country.ean + rng.digits(12)).slice(0, 12);
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** Words in a product name that say what colour the food is; the drawing follows them. */
const nameColours: readonly (readonly [RegExp, string])[] = [
  [/blauw/, '#4b5d9c'], [/\bwit/, '#f6e7b0'], [/spinazie/, '#9cc07a'], [/tomaat/, '#d9734f'],
  [/groen|verde/, '#3a9d23'], [/zwart|negro/, '#2d2d3a'], [/\brode?\b|roja|rojo/, '#c0392b'], [/mango|mandarijn/, '#f39c12'],
];

const brandSentences: readonly ((brand: string, origin: Pair) => Pair)[] = [
  (b) => [`Van ${b}, een merk dat we al jaren met plezier voeren.`, `From ${b}, a brand we have been proud to stock for years.`],
  (b, o) => [`${b} werkt met vaste producenten in ${o[0]}.`, `${b} works with long-standing producers in ${o[1]}.`],
  (b) => [`Vertrouwde kwaliteit van ${b}, partij na partij.`, `Reliable quality from ${b}, batch after batch.`],
  (b) => [`${b} staat bij veel Mexicaanse koks bekend om zijn constante kwaliteit.`, `${b} is known among Mexican cooks for its consistent quality.`],
];

interface ProductPlan {
  group: GroupSpec;
  leaf: LeafSpec;
  item: Item;
  pack: Pack;
  brand: string;
}

function description(rng: Random, plan: ProductPlan, origin: Country): Pair {
  const usage = rng.pick(plan.group.usage);
  const brand = rng.pick(brandSentences)(plan.brand, origin.name);
  const [packNl, packEn] = plan.pack;
  return [
    `<p>${escapeHtml(`${plan.leaf.intro[0]} ${usage[0]}`)}</p><p>${escapeHtml(`${brand[0]} Besteleenheid: ${packNl}.`)}</p>`,
    `<p>${escapeHtml(`${plan.leaf.intro[1]} ${usage[1]}`)}</p><p>${escapeHtml(`${brand[1]} Ordering unit: ${packEn}.`)}</p>`,
  ];
}

/** The specification table in both languages, and the EAN it names. */
function specifications(rng: Random, plan: ProductPlan, origin: Country): [nl: string, en: string, ean: string] {
  const { group, leaf, item, pack } = plan;
  const composition: Pair = item[2] && item[3] ? [item[2], item[3]] : leaf.composition;
  const rows: [Pair, Pair][] = [
    [['Inhoud', 'Contents'], [pack[0], pack[1]]],
    [['Merk', 'Brand'], [plan.brand, plan.brand]],
    [group.tools ? ['Materiaal', 'Material'] : ['Ingrediënten', 'Ingredients'], composition],
  ];
  if (leaf.allergens) rows.push([['Allergenen', 'Allergens'], leaf.allergens]);
  rows.push([group.tools ? ['Onderhoud', 'Care'] : ['Bewaren', 'Storage'], leaf.storage ?? group.storage]);
  if (!group.tools) {
    const months = rng.pick([6, 9, 12, 18, 24]);
    rows.push([['Houdbaarheid', 'Shelf life'], [`${months} maanden na productie`, `${months} months from production`]]);
  }
  if ((leaf.taxRate ?? group.taxRate) === 2100 && !group.tools) {
    rows.push([['Leeftijdsgrens', 'Age limit'], ['Verkoop uitsluitend aan personen van 18 jaar en ouder.', 'Sold only to persons aged 18 and over.']]);
  }
  rows.push([['Land van herkomst', 'Country of origin'], origin.name]);
  const ean = ean13(rng, origin);
  rows.push([['EAN', 'EAN'], [ean, ean]]);
  const table = (lang: 0 | 1) =>
    `<table><tbody>${rows.map(([label, value]) => `<tr><th>${escapeHtml(label[lang])}</th><td>${escapeHtml(value[lang])}</td></tr>`).join('')}</tbody></table>`;
  return [table(0), table(1), ean];
}

/** Picks `count` (item, pack, brand) combinations; cycles through them when a leaf needs more. */
function planLeaf(rng: Random, group: GroupSpec, leaf: LeafSpec, count: number): ProductPlan[] {
  const combos: ProductPlan[] = [];
  for (const item of leaf.items) {
    for (const pack of leaf.packs) {
      for (const brand of leaf.brands ?? group.brands) combos.push({ group, leaf, item, pack, brand });
    }
  }
  const order = rng.shuffle(combos);
  return Array.from({ length: count }, (_, i) => order[i % order.length] as ProductPlan);
}

const roundTo5 = (cents: number) => Math.max(95, Math.round(cents / 5) * 5);

const tierSets: readonly (readonly number[])[] = [[6, 12, 48], [12, 48], [6, 24], [6, 12], [24, 48]];
const tierDiscount = (rng: Random, quantity: number) =>
  quantity <= 6 ? 0.03 + rng.next() * 0.02 : quantity <= 12 ? 0.06 + rng.next() * 0.02 : quantity <= 24 ? 0.08 + rng.next() * 0.03 : 0.11 + rng.next() * 0.04;

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * Upcoming price mutations: for ~4% of products (and always the second product, so the first
 * page of the assortment shows one), every price list's prices change on a day 5 to 45 days after
 * `today`, mostly up by 2-9%, sometimes down by 3%. The current rows end the day before.
 */
function addPriceMutations(rows: CatalogueRows, rng: Random, today: string): void {
  const byVariation = new Map<number, PriceRow[]>();
  for (const row of rows.prices) byVariation.set(row.variationId, [...(byVariation.get(row.variationId) ?? []), row]);
  for (const variation of rows.variations) {
    if (variation.id !== 2 && !rng.chance(0.04)) continue;
    const start = addDays(today, rng.int(5, 45));
    const factor = rng.chance(0.15) ? 0.97 : 1 + rng.int(20, 90) / 1000;
    for (const current of byVariation.get(variation.id) ?? []) {
      current.validUntil = addDays(start, -1);
      rows.prices.push({ ...current, id: rows.prices.length + 1, unitPriceCents: roundTo5(current.unitPriceCents * factor), validFrom: start, validUntil: null });
    }
  }
}

export function generateCatalogue(rng: Random, scale: number, today: string): CatalogueRows {
  const rows: CatalogueRows = {
    categories: [], products: [], productCategories: [], variations: [], files: [], productImages: [], prices: [], productFood: [], productAllergens: [], variationDeposits: [],
  };
  const foodPlans: FoodPlan[] = [];
  const uuids = rng.fork('uuids');
  const categoryIds = new Map<string, number>();
  const leafIds = new Map<LeafSpec, number>();
  catalogueGroups.forEach((group, gi) => {
    const top: CategoryRow = { id: rows.categories.length + 1, uuid: uuids.uuid(), erpId: `CM-${group.key}`, parentId: null, nameNl: group.name[0], nameEn: group.name[1], weight: gi };
    rows.categories.push(top);
    categoryIds.set(top.erpId, top.id);
    group.leaves.forEach((leaf, li) => {
      const row: CategoryRow = { id: rows.categories.length + 1, uuid: uuids.uuid(), erpId: `CM-${group.key}${leaf.key}`, parentId: top.id, nameNl: leaf.name[0], nameEn: leaf.name[1], weight: li };
      rows.categories.push(row);
      categoryIds.set(row.erpId, row.id);
      leafIds.set(leaf, row.id);
    });
  });

  const leaves = catalogueGroups.flatMap((group) => group.leaves.map((leaf) => ({ group, leaf })));
  // Every leaf gets at least one product, so even a tiny scale shows the whole tree.
  const total = Math.max(leaves.length, Math.round(PRODUCTS_PER_SCALE * scale));
  const counts = apportion(total - leaves.length, leaves.map(({ leaf }) => leaf.share)).map((n) => n + 1);
  const combos = rng.fork('combos');
  const plans = leaves.flatMap(({ group, leaf }, i) => planLeaf(combos, group, leaf, counts[i] ?? 1));

  const nextSku = skuAllocator(catalogueGroups.map((g) => g.key));
  const texts = rng.fork('texts');
  const pictures = rng.fork('images');
  const money = rng.fork('prices');
  const dates = rng.fork('dates');
  for (const plan of plans) {
    const { group, leaf, item, pack, brand } = plan;
    const id = rows.products.length + 1;
    const sku = nextSku(group.key);
    const origin = texts.pick(group.origins);
    const [descriptionNl, descriptionEn] = description(texts, plan, origin);
    const [specificationsNl, specificationsEn, ean] = specifications(texts, plan, origin);
    const createdAt = new Date(CATALOGUE_EPOCH - dates.int(30, 1500) * DAY + dates.int(6, 18) * 3_600_000);
    const { priceDivisor, ...salesUnit } = salesUnitOfPack(group.key, leaf.key, pack, item[0]);
    // An article sold per pack out of a case is named by the pack it is sold in, not by the case.
    const [packNl, packEn] = salesUnit.salesUnit === 'pack' ? [salesUnit.unitContentNl ?? pack[0], salesUnit.unitContentEn ?? pack[1]] : pack;
    rows.products.push({
      id, uuid: uuids.uuid(), erpId: `ART-${sku}`,
      titleNl: `${brand} ${item[0]} - ${packNl}`, titleEn: `${brand} ${item[1]} - ${packEn}`,
      descriptionNl, descriptionEn, specificationsNl, specificationsEn,
      vatClass: vatClassOf(leaf.taxRate ?? group.taxRate), active: true,
      createdAt, updatedAt: new Date(Math.min(CATALOGUE_EPOCH, createdAt.getTime() + dates.int(0, 90) * DAY)),
    });
    const variation: VariationRow = { id, uuid: uuids.uuid(), productId: id, sku, ean: null, active: true, ...salesUnit };
    rows.variations.push(variation);
    for (const deposit of depositsOfPack(group.key, pack[0])) rows.variationDeposits.push({ variationId: id, ...deposit });
    foodPlans.push({ productId: id, variation, group, leaf, item, pack, brand, origin, ean });
    rows.productCategories.push({ productId: id, categoryId: leafIds.get(leaf) ?? 0 });
    const second = leaf.alsoIn ? categoryIds.get(leaf.alsoIn) : undefined;
    if (second !== undefined && texts.chance(0.5)) rows.productCategories.push({ productId: id, categoryId: second });

    const r = pictures.next();
    const views: (1 | 2)[] = r < 0.05 ? [] : r < 0.25 ? [1, 2] : [1];
    const named = group.tools ? undefined : nameColours.find(([re]) => re.test(item[0].toLowerCase()));
    const colour = named?.[1] ?? pictures.pick(leaf.colours);
    for (const view of views) {
      const fileId = rows.files.length + 1;
      const svg = productSvg(pictures, { motif: leaf.motif, colour, background: group.background, view });
      rows.files.push({ id: fileId, uuid: uuids.uuid(), filename: `${sku}-${view}.svg`, mime: 'image/svg+xml', data: Buffer.from(svg) });
      rows.productImages.push({ productId: id, fileId, weight: view - 1 });
    }

    addPrices(rows.prices, money, id, roundTo5((leaf.price * pack[2] * (0.85 + money.next() * 0.3)) / priceDivisor));
  }
  addPriceMutations(rows, rng.fork('mutations'), today);
  rows.prices = alignPricesToMultiples(rows.prices, new Map(rows.variations.map((v) => [v.id, v.orderMultiple ?? 1])));
  // Its own stream, so the food information changes none of the other rows.
  Object.assign(rows, generateFood(rng.fork('food'), foodPlans));
  return rows;
}

/**
 * STANDAARD: a price for every product, for ~40% also quantity tiers. GROOTH and GH-INT are
 * 10-22% cheaper, each missing for ~15% of products (those show 'Price on request'); a few
 * GROOTH prices (always article three's) start at a tier above 1, so the minimum-quantity rule
 * has something to show.
 */
function addPrices(prices: PriceRow[], rng: Random, variationId: number, base: number): void {
  const tiers = rng.chance(0.4) ? rng.pick(tierSets) : [];
  const standard: [number, number][] = [[1, base]];
  let previous = base;
  for (const quantity of tiers) {
    const unit = Math.min(previous - 5, roundTo5(base * (1 - tierDiscount(rng, quantity))));
    standard.push([quantity, unit]);
    previous = unit;
  }
  const push = (pricelist: string, list: [number, number][]) => {
    for (const [minQuantity, unitPriceCents] of list) {
      prices.push({ id: prices.length + 1, pricelist, variationId, minQuantity, unitPriceCents, validFrom: null, validUntil: null });
    }
  };
  push('STANDAARD', standard);
  const discounted = (low: number, high: number) => {
    const factor = low + rng.next() * (high - low);
    return standard.map(([q, p]): [number, number] => [q, roundTo5(p * factor)]);
  };
  if (!rng.chance(0.15)) {
    let grooth = discounted(0.8, 0.9);
    // Article three always starts at a higher quantity, so every scale shows the rule.
    const fromHigher = rng.chance(0.04);
    if (fromHigher || variationId === 3) grooth = grooth.length > 1 ? grooth.slice(1) : [[6, grooth[0]?.[1] ?? base]];
    push('GROOTH', grooth);
  }
  if (!rng.chance(0.15)) push('GH-INT', discounted(0.78, 0.9));
}
