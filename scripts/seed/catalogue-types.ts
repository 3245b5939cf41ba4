/** Shapes of the catalogue word lists (catalogue-groups-*.ts) that catalogue.ts combines into products. */

/** A Dutch and an English text, in that order. */
export type Pair = readonly [nl: string, en: string];

/** A product name (with its variant); optionally its own composition where the leaf's does not fit. */
export type Item = readonly [nl: string, en: string, compositionNl?: string, compositionEn?: string];

/** A packing unit as ordered; `factor` scales the leaf's base price for this unit. */
export type Pack = readonly [nl: string, en: string, factor: number];

/** What the product image draws; images.ts has one drawing per motif. */
export type Motif =
  | 'tortillas'
  | 'taco'
  | 'chips'
  | 'jar'
  | 'bottle'
  | 'beer'
  | 'chilli'
  | 'can'
  | 'spices'
  | 'bag'
  | 'press'
  | 'molcajete'
  | 'comal'
  | 'warmer'
  | 'candy'
  | 'frozen';

export interface Country {
  name: Pair;
  /** GS1 prefix, so the generated EAN codes look like they come from that country. */
  ean: string;
}

export const countries = {
  mx: { name: ['Mexico', 'Mexico'], ean: '750' },
  nl: { name: ['Nederland', 'the Netherlands'], ean: '871' },
  be: { name: ['België', 'Belgium'], ean: '541' },
  es: { name: ['Spanje', 'Spain'], ean: '841' },
  us: { name: ['Verenigde Staten', 'United States'], ean: '007' },
} as const satisfies Record<string, Country>;

/** A leaf category and everything needed to invent its products. */
export interface LeafSpec {
  /** Suffix of the erp id; the category's erp id is `CM-{group.key}{key}`. */
  key: string;
  name: Pair;
  /** Relative share of the products that land here. */
  share: number;
  motif: Motif;
  /** Main colours of the drawn product; one is picked per product. */
  colours: readonly string[];
  items: readonly Item[];
  packs: readonly Pack[];
  /** Typical STANDAARD price in cents of a pack with factor 1. */
  price: number;
  /** Ingredients (food) or material (tools). */
  composition: Pair;
  allergens?: Pair;
  /** One sentence that opens the description. */
  intro: Pair;
  storage?: Pair;
  brands?: readonly string[];
  taxRate?: number;
  /** Erp id of a second category that about half of these products are also filed under. */
  alsoIn?: string;
}

export interface GroupSpec {
  /** Two digits; also the first two digits of the article numbers in this group. */
  key: string;
  name: Pair;
  /** VAT in basis points: 900 food and soft drinks, 2100 alcohol and non-food. */
  taxRate: number;
  storage: Pair;
  origins: readonly Country[];
  brands: readonly string[];
  /** Sentences about use, one is picked for each description. */
  usage: readonly Pair[];
  /** Non-food: the specification says material and care instead of ingredients and storage. */
  tools?: boolean;
  /** Background tint of the product images. */
  background: string;
  leaves: readonly LeafSpec[];
}
