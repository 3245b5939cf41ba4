import type * as schema from '../../src/server/db/schema';
import { ALLERGENS, type Allergen, type AllergenLevel, type Diet, type NetUnit } from '../../src/shared/api/food';
import { chilledText, type FoodProfile, foodProfiles } from './catalogue-food-profiles';
import { countries, type Country, type GroupSpec, type Item, type LeafSpec, type Pack, type Pair } from './catalogue-types';
import type { Random } from './random';

export type ProductFoodRow = typeof schema.productFood.$inferInsert;
export type ProductAllergenRow = typeof schema.productAllergens.$inferInsert;

/** What the food information of one product is drawn from. */
export interface FoodPlan {
  productId: number;
  variation: { ean?: string | null };
  group: GroupSpec;
  leaf: LeafSpec;
  item: Item;
  pack: Pack;
  brand: string;
  origin: Country;
  /** The EAN the specification names. */
  ean: string;
}

export interface FoodRows {
  productFood: ProductFoodRow[];
  productAllergens: ProductAllergenRow[];
}

/** Words of allergens in the ingredient lists, emphasised as the regulation asks (Art. 21). */
const ALLERGEN_WORDS =
  /\b(tarwe\w*|wheat|gerst\w*|barley|melk|milk|kaas|cheese|roomkaas|cream cheese|sesam\w*|sesame|pinda's|peanuts?|amandelen|almonds|noten|nuts|soja|soy\w*|mosterd|mustard|selderij|celery)\b/gi;

const emphasise = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(ALLERGEN_WORDS, '<strong>$1</strong>');

/** The brand owner: our own label is Casa Maíz B.V. in Amsterdam, the others Mexican companies. */
const MEXICAN_ADDRESSES = [
  'Av. Vallarta 2440, 44130 Guadalajara, Jalisco, México',
  'Calle 5 de Mayo 118, 68000 Oaxaca de Juárez, Oaxaca, México',
  'Blvd. Díaz Ordaz 321, 64650 Monterrey, Nuevo León, México',
  'Av. Insurgentes Sur 1602, 03940 Ciudad de México, México',
  'Calle 60 No. 455, 97000 Mérida, Yucatán, México',
  'Av. Juárez 77, 72000 Puebla, Puebla, México',
];

function businessOf(brand: string): { name: string; address: string } {
  if (brand === 'Casa Maíz') return { name: 'Casa Maíz B.V.', address: 'Basisweg 32, 1043 AP Amsterdam, Nederland' };
  const hash = [...brand].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) % 1_000_003, 7);
  return { name: `${brand} S.A. de C.V.`, address: MEXICAN_ADDRESSES[hash % MEXICAN_ADDRESSES.length] as string };
}

const isoCode = (origin: Country) => (Object.entries(countries).find(([, c]) => c === origin)?.[0] ?? 'mx').toUpperCase();

/** The net quantity of one unit from a pack name such as '12 x 150 ml', '6 x 70 cl' or '6 x 50 pieces'. */
function netQuantity(pack: Pack): { amount: string; unit: NetUnit } | null {
  const match = /x ([\d.]+) (ml|cl|l|g|kg|pieces?)\b/.exec(pack[1]);
  if (!match?.[1] || !match[2]) return null;
  // A spirits bottle says centilitres; the food information knows millilitres.
  if (match[2] === 'cl') return { amount: String(Number(match[1]) * 10), unit: 'ml' };
  return { amount: match[1], unit: match[2].startsWith('piece') ? 'piece' : (match[2] as NetUnit) };
}

/** A nutrition value about the profile's, within ±8 %, with the precision a label uses. */
const around = (rng: Random, value: number, places: number) => (value * (0.92 + rng.next() * 0.16)).toFixed(places);

/** A sentence about what to do once the pack is open (Dutch or English). */
const ABOUT_OPENING = /\b(na|bij) (de )?opening\b|\bgeopend|\bonce opened\b|\bafter opening\b|\bopened\b/i;

const SHELF: Pair = ['Droog en koel bewaren, buiten direct zonlicht.', 'Store in a cool, dry place, out of direct sunlight.'];

const sentencesOf = (text: string) => text.split(/(?<=\.)\s+/).filter(Boolean);

/**
 * The storage text of the unopened pack and the use after opening, from one text that may say
 * both (a specification's 'Droog en koel bewaren. Na opening gekoeld bewaren.'): the sentences
 * about opening go to after opening, unless the profile says that itself, so the two never repeat
 * each other on the product page.
 */
export function splitStorage(storage: Pair, afterOpening: Pair | undefined): { storage: Pair; afterOpening: Pair | null } {
  const split = (text: string) => {
    const sentences = sentencesOf(text);
    return {
      before: sentences.filter((s) => !ABOUT_OPENING.test(s)).join(' '),
      after: sentences.filter((s) => ABOUT_OPENING.test(s)).join(' '),
    };
  };
  const [nl, en] = [split(storage[0]), split(storage[1])];
  const opened: Pair | null = afterOpening ?? (nl.after && en.after ? [nl.after, en.after] : null);
  // A text only about the opened pack leaves the unopened one to the shelf's usual rule.
  const before: Pair = nl.before && en.before ? [nl.before, en.before] : SHELF;
  return { storage: before, afterOpening: opened };
}

/** A part of a drawn value, as a label writes it. */
const share = (whole: string, fraction: number) => (Number(whole) * Math.min(1, fraction)).toFixed(1);

/** Levels of the 14 allergens, before a few are left unknown. */
function allergenLevels(profile: FoodProfile, dairy: boolean): Map<Allergen, AllergenLevel> {
  const levels = new Map<Allergen, AllergenLevel>(ALLERGENS.map((a) => [a, 'free']));
  for (const allergen of profile.mayContain) levels.set(allergen, 'may_contain');
  for (const allergen of profile.contains) levels.set(allergen, 'contains');
  if (dairy) levels.set('milk', 'contains');
  return levels;
}

function dietsOf(rng: Random, profile: FoodProfile, plan: FoodPlan, dairy: boolean, alcoholic: boolean): Diet[] {
  const name = plan.item[0].toLowerCase();
  const diets = new Set<Diet>(profile.diets);
  if (profile.vegetarianItems?.test(name)) diets.add('vegetarian');
  if (dairy) diets.delete('vegan');
  if (/biolog/.test(name) || rng.chance(0.05)) diets.add('organic');
  if (!alcoholic && diets.has('vegetarian') && rng.chance(0.07)) diets.add('halal');
  if (!alcoholic && rng.chance(0.05)) diets.add('kosher');
  return [...diets];
}

/**
 * Food information for every food product (tools get none), drawn from the profile of its leaf:
 * allergens, nutrition, storage, origin, diets, the brand owner, and the specification's EAN on
 * the variation (made unique where two products drew the same). About one product in 25 has two
 * allergens left unknown, and at least one always does, so the shop shows what unknown looks like.
 */
export function generateFood(rng: Random, plans: readonly FoodPlan[]): FoodRows {
  const rows: FoodRows = { productFood: [], productAllergens: [] };
  const eans = new Set<string>();
  let unknownShown = false;
  for (const plan of plans) {
    const profile = foodProfiles[`${plan.group.key}${plan.leaf.key}`];
    if (plan.group.tools || !profile) continue;
    const name = plan.item[0].toLowerCase();
    const dairy = profile.dairyItems?.test(name) ?? false;
    const alcohol = profile.alcohol ? (profile.alcohol[0] + rng.next() * (profile.alcohol[1] - profile.alcohol[0])).toFixed(1) : null;
    const chilled = profile.chilledItems?.test(name) ?? false;
    const [kcal, fat, saturates, carbohydrate, sugars, fibre, protein, salt] = profile.nutrition;
    const energy = Number(around(rng, kcal, 0));
    // 'Of which' stays a part of its whole.
    const fatDrawn = around(rng, fat, 1);
    const carbohydrateDrawn = around(rng, carbohydrate, 1);
    const composition: Pair = profile.ingredients ?? (plan.item[2] && plan.item[3] ? [plan.item[2], plan.item[3]] : plan.leaf.composition);
    const net = netQuantity(plan.pack);
    const kept = splitStorage(chilled ? chilledText : (profile.storageText ?? plan.leaf.storage ?? plan.group.storage), profile.afterOpening);
    const business = businessOf(plan.brand);
    rows.productFood.push({
      productId: plan.productId,
      legalNameNl: plan.item[0],
      legalNameEn: plan.item[1],
      ingredientsNl: emphasise(composition[0]),
      ingredientsEn: emphasise(composition[1]),
      nutritionBasis: profile.basis,
      energyKj: String(Math.round(energy * 4.184)),
      energyKcal: String(energy),
      fat: fatDrawn,
      saturates: share(fatDrawn, saturates / (fat || 1)),
      carbohydrate: carbohydrateDrawn,
      sugars: share(carbohydrateDrawn, sugars / (carbohydrate || 1)),
      fibre: fibre === null ? null : around(rng, fibre, 1),
      protein: around(rng, protein, 1),
      salt: around(rng, salt, 2),
      netQuantity: net?.amount ?? null,
      netUnit: net?.unit ?? null,
      storage: chilled ? 'chilled' : profile.storage,
      storageTextNl: kept.storage[0],
      storageTextEn: kept.storage[1],
      afterOpeningNl: kept.afterOpening?.[0] ?? null,
      afterOpeningEn: kept.afterOpening?.[1] ?? null,
      originCountry: isoCode(plan.origin),
      alcoholPercentage: alcohol,
      diets: dietsOf(rng, profile, plan, dairy, alcohol !== null),
      businessName: business.name,
      businessAddress: business.address,
    });
    const levels = allergenLevels(profile, dairy);
    // A few products lack word on two allergens they are free of: shown as unknown, never as free.
    if (rng.chance(0.04) || (!unknownShown && plan.group.key === '12')) {
      const free = ALLERGENS.filter((a) => levels.get(a) === 'free');
      for (const allergen of rng.shuffle(free).slice(0, 2)) levels.delete(allergen);
      unknownShown = true;
    }
    for (const [allergen, level] of levels) rows.productAllergens.push({ productId: plan.productId, allergen, level });
    let ean = plan.ean;
    while (eans.has(ean)) ean = nextEan(ean);
    eans.add(ean);
    plan.variation.ean = ean;
  }
  return rows;
}

/** The next EAN-13 after this one's body, with its own valid check digit. */
export function nextEan(ean: string): string {
  const body = String((Number(ean.slice(0, 12)) + 1) % 1e12).padStart(12, '0');
  return body + eanCheckDigit(body);
}

/** The GS1 check digit of a 12-digit body. */
export function eanCheckDigit(body: string): string {
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}
