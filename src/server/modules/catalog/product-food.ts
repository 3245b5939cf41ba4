import {
  ALLERGENS,
  type Allergen,
  type AllergenLevel,
  type Diet,
  DIETS,
  type FoodInformation,
  type FoodMarks,
  type NetUnit,
  type StorageType,
} from '../../../shared/api/food';

/*
 * A product's food information (issue 19) as the product statements read it: part of its texts,
 * kept per catalogue version (product_food and product_allergens bump it, migration 0014).
 */

/** product_food in one language; decimals as PostgreSQL writes them ("12.500"). */
export interface FoodRow {
  legalName: string | null;
  ingredients: string | null;
  basis: '100g' | '100ml' | null;
  energyKj: string | null;
  energyKcal: string | null;
  fat: string | null;
  saturates: string | null;
  carbohydrate: string | null;
  sugars: string | null;
  fibre: string | null;
  protein: string | null;
  salt: string | null;
  netQuantity: string | null;
  netUnit: NetUnit | null;
  storage: StorageType | null;
  storageText: string | null;
  afterOpening: string | null;
  origin: string | null;
  alcohol: string | null;
  diets: Diet[];
  businessName: string | null;
  businessAddress: string | null;
}

export interface AllergenRow {
  allergen: Allergen;
  level: AllergenLevel;
}

/** "12.500" → "12.5", "1520.000" → "1520": the decimal without trailing zeros. */
export function plainDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

const decimalOrNull = (value: string | null) => (value === null ? null : plainDecimal(value));

/** Diet marks in the contract's order, whatever order they were stored in. */
const orderedDiets = (diets: readonly Diet[]) => DIETS.filter((diet) => diets.includes(diet));

/** What the product card shows: storage type and diet marks. */
export function toFoodMarks(food: FoodRow | null): FoodMarks {
  return { storage: food?.storage ?? null, diets: orderedDiets(food?.diets ?? []) };
}

/** The nutrition declaration when it is complete (fibre is optional), otherwise null. */
function nutritionOf(food: FoodRow): FoodInformation['nutrition'] {
  const { basis, energyKj, energyKcal, fat, saturates, carbohydrate, sugars, protein, salt } = food;
  if (basis === null || energyKj === null || energyKcal === null || fat === null || saturates === null) return null;
  if (carbohydrate === null || sugars === null || protein === null || salt === null) return null;
  return {
    basis,
    energy_kj: plainDecimal(energyKj),
    energy_kcal: plainDecimal(energyKcal),
    fat: plainDecimal(fat),
    saturates: plainDecimal(saturates),
    carbohydrate: plainDecimal(carbohydrate),
    sugars: plainDecimal(sugars),
    fibre: decimalOrNull(food.fibre),
    protein: plainDecimal(protein),
    salt: plainDecimal(salt),
  };
}

/**
 * The food information in the contract's shape: every one of the 14 allergens in Annex II order,
 * unknown (null) where there is no row. A product without a product_food row and without allergen
 * rows has none (null): a tool, or a product the ERP has not described yet.
 */
export function toFoodInformation(food: FoodRow | null, allergens: readonly AllergenRow[], ean: string | null): FoodInformation | null {
  if (food === null && allergens.length === 0) return null;
  const levels = new Map(allergens.map((row) => [row.allergen, row.level]));
  return {
    legal_name: food?.legalName ?? null,
    ingredients: food?.ingredients ?? null,
    allergens: ALLERGENS.map((allergen) => ({ allergen, level: levels.get(allergen) ?? null })),
    nutrition: food ? nutritionOf(food) : null,
    net_quantity: food?.netQuantity && food.netUnit ? { amount: plainDecimal(food.netQuantity), unit: food.netUnit } : null,
    storage: food?.storage ? { type: food.storage, text: food.storageText } : null,
    after_opening: food?.afterOpening ?? null,
    origin_country: food?.origin ?? null,
    alcohol_percentage: decimalOrNull(food?.alcohol ?? null),
    diets: orderedDiets(food?.diets ?? []),
    ean,
    business: food?.businessName ? { name: food.businessName, address: food.businessAddress ?? '' } : null,
  };
}
