import type { Allergen, Diet, StorageType } from '../../src/shared/api/food';
import type { Pair } from './catalogue-types';

/**
 * Food information per leaf category (issue 19), keyed by the category's erp id without 'CM-'
 * (group key + leaf key). Tools have none. Every allergen neither contained nor possibly
 * contained is 'free of'; catalogue-food.ts leaves a few unknown.
 */
export interface FoodProfile {
  contains: readonly Allergen[];
  mayContain: readonly Allergen[];
  diets: readonly Diet[];
  storage: StorageType;
  /** Replaces the group's storage text (the specification's) where it does not fit. */
  storageText?: Pair;
  afterOpening?: Pair;
  basis: '100g' | '100ml';
  /** kcal, fat, saturates, carbohydrate, sugars, fibre (null: not declared), protein, salt. */
  nutrition: readonly [number, number, number, number, number, number | null, number, number];
  /** % vol, drawn between the two. */
  alcohol?: readonly [number, number];
  /** Replaces the leaf's composition as the ingredients. */
  ingredients?: Pair;
  /** Products whose name matches contain milk (cheese), and are not vegan. */
  dairyItems?: RegExp;
  /** Products whose name matches are fresh: kept chilled. */
  chilledItems?: RegExp;
  /** Products whose name matches are vegetarian (the others of the leaf hold meat). */
  vegetarianItems?: RegExp;
}

const vegan: readonly Diet[] = ['vegetarian', 'vegan'];
const veganGlutenFree: readonly Diet[] = ['vegetarian', 'vegan', 'gluten_free'];
const fridge = (days: number): Pair => [`Na opening gekoeld bewaren en binnen ${days} dagen gebruiken.`, `Once opened, keep refrigerated and use within ${days} days.`];
const frozenText: Pair = ['Bewaren bij -18 °C of kouder.', 'Store at -18 °C or colder.'];
const dryChilli = [300, 8, 1.2, 50, 30, 25, 11, 0.1] as const;

export const foodProfiles: Readonly<Record<string, FoodProfile>> = {
  // Corn tortillas, tostadas and taco shells: maize only, free of gluten.
  '1010': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(5), basis: '100g', nutrition: [218, 2.9, 0.4, 44, 0.9, 6.3, 5.7, 0.1] },
  '1020': { contains: ['gluten'], mayContain: [], diets: vegan, storage: 'ambient', afterOpening: fridge(5), basis: '100g', nutrition: [310, 7.5, 1.2, 52, 2.5, 2.4, 8.2, 1.3] },
  '1030': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [470, 20, 2.5, 64, 1, 6, 7, 0.9] },
  '1040': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [480, 22, 2.8, 62, 0.8, 5.8, 6.5, 0.8] },
  // Tortilla chips come off lines that also fry wheat snacks.
  '1110': { contains: [], mayContain: ['gluten'], diets: vegan, storage: 'ambient', basis: '100g', nutrition: [495, 24, 2.6, 61, 1, 5.5, 6.5, 1.1] },
  '1120': { contains: [], mayContain: ['gluten', 'milk'], diets: vegan, storage: 'ambient', basis: '100g', nutrition: [500, 25, 2.9, 60, 2.5, 5, 6.8, 1.5], dairyItems: /kaas/ },
  '1130': { contains: [], mayContain: ['gluten'], diets: vegan, storage: 'ambient', basis: '100g', nutrition: [495, 24, 2.6, 61, 1, 5.5, 6.5, 1.1] },
  // Salsas and sauces: mustard and celery are handled in the same kitchens.
  '1210': { contains: [], mayContain: ['mustard'], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(30), basis: '100ml', nutrition: [28, 0.4, 0.1, 5, 2.5, 1.5, 1.2, 2.9] },
  '1220': {
    contains: [], mayContain: ['celery'], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(7), basis: '100g', nutrition: [36, 0.3, 0, 6.5, 4, 1.6, 1.3, 1.4],
    chilledItems: /pico de gallo|taquera|verde|chunky/,
  },
  '1230': { contains: [], mayContain: ['celery', 'mustard'], diets: vegan, storage: 'ambient', afterOpening: fridge(4), basis: '100g', nutrition: [55, 2.5, 0.3, 7, 3, 1.5, 1.2, 1.3] },
  '1240': { contains: ['peanuts', 'sesame'], mayContain: ['nuts'], diets: ['vegetarian'], storage: 'ambient', afterOpening: fridge(7), basis: '100g', nutrition: [170, 10, 2.5, 17, 9, 3.5, 4, 1.1] },
  // Chillies.
  '1310': { contains: ['sesame'], mayContain: [], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(14), basis: '100g', nutrition: [70, 2.5, 0.3, 10, 6, 4, 1.5, 2.1] },
  '1320': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(14), basis: '100g', nutrition: [25, 0.5, 0.1, 3.5, 1.5, 2.5, 0.9, 2] },
  '1330': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: dryChilli },
  '1340': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: dryChilli },
  '1350': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: dryChilli },
  '1360': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(14), basis: '100g', nutrition: [40, 0.6, 0.1, 6, 3, 3, 1.6, 1.8] },
  // Beans.
  '1410': { contains: [], mayContain: [], diets: ['vegetarian', 'gluten_free'], storage: 'ambient', basis: '100g', nutrition: [90, 1.5, 0.2, 12, 0.5, 5, 5.2, 0.8] },
  '1420': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [91, 0.5, 0.1, 13, 0.3, 6.5, 6, 0.6] },
  '1430': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [88, 0.6, 0.1, 12.5, 0.4, 6.2, 5.8, 0.6] },
  // Herbs and spices.
  '1510': { contains: [], mayContain: ['celery', 'mustard'], diets: vegan, storage: 'ambient', basis: '100g', nutrition: [290, 9, 1.2, 40, 5, 22, 12, 9] },
  '1520': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [270, 4.3, 2, 50, 4, 42, 9, 0.1] },
  '1530': { contains: [], mayContain: ['mustard'], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [310, 14, 2.5, 50, 7, 35, 12, 2.5] },
  // Moles: nuts and sesame.
  '1610': { contains: ['gluten', 'peanuts', 'sesame'], mayContain: ['nuts'], diets: vegan, storage: 'ambient', afterOpening: fridge(30), basis: '100g', nutrition: [520, 36, 6, 40, 16, 9, 12, 1.2] },
  '1620': { contains: ['peanuts', 'sesame'], mayContain: ['nuts'], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [430, 22, 4, 48, 20, 12, 12, 1.5] },
  '1630': {
    contains: ['nuts', 'sesame'], mayContain: ['peanuts'], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(14), basis: '100g', nutrition: [310, 24, 4, 14, 5, 6, 11, 1.3],
    ingredients: ["Pompoenpitten, tomatillo's, groene pepers, sesamzaad, amandelen, plantaardige olie, uien, zout, kruiden.", 'Pumpkin seeds, tomatillos, green chillies, sesame seeds, almonds, vegetable oil, onions, salt, herbs.'],
  },
  // Drinks.
  '1710': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100ml', nutrition: [42, 0, 0, 10.5, 10.5, null, 0, 0.02] },
  '1720': { contains: ['gluten'], mayContain: [], diets: vegan, storage: 'ambient', basis: '100ml', nutrition: [43, 0, 0, 3.5, 0.2, null, 0.4, 0.01], alcohol: [4.5, 6] },
  '1730': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100ml', nutrition: [231, 0, 0, 0, 0, null, 0, 0], alcohol: [38, 40] },
  // Masa harina and hominy.
  '1910': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [365, 3.8, 0.5, 72, 0.6, 7, 9, 0.01] },
  '1920': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'ambient', afterOpening: fridge(3), basis: '100g', nutrition: [75, 0.9, 0.1, 14, 0.5, 2.5, 1.5, 0.6] },
  // Sweets.
  '2010': { contains: [], mayContain: ['peanuts'], diets: veganGlutenFree, storage: 'ambient', basis: '100g', nutrition: [350, 0.5, 0.1, 85, 70, 1.5, 0.5, 1.5] },
  '2020': { contains: ['milk'], mayContain: [], diets: ['vegetarian', 'gluten_free'], storage: 'ambient', afterOpening: fridge(21), basis: '100g', nutrition: [315, 7.5, 4.8, 55, 50, null, 7, 0.4] },
  '2030': { contains: ['gluten', 'milk'], mayContain: ['nuts'], diets: ['vegetarian'], storage: 'ambient', basis: '100g', nutrition: [470, 20, 9, 66, 28, 2, 6.5, 0.6] },
  // Frozen.
  '2110': { contains: [], mayContain: [], diets: veganGlutenFree, storage: 'frozen', storageText: frozenText, afterOpening: fridge(2), basis: '100g', nutrition: [160, 14, 2.5, 5, 0.8, 5.5, 2, 0.9] },
  '2120': {
    contains: ['gluten', 'milk'], mayContain: ['soybeans'], diets: [], storage: 'frozen', storageText: frozenText, basis: '100g', nutrition: [260, 13, 4, 28, 2, 2, 8, 1.2],
    vegetarianItems: /kaas|churros/,
  },
  '2130': {
    contains: [], mayContain: ['gluten', 'milk'], diets: [], storage: 'frozen', storageText: frozenText, basis: '100g', nutrition: [190, 8, 3, 18, 2, 3, 10, 1.1],
    dairyItems: /kaas/, vegetarianItems: /bonen/,
  },
};

/** A fresh salsa or dip is kept chilled, not on the shelf. */
export const chilledText: Pair = ['Gekoeld bewaren (2-7 °C).', 'Keep refrigerated (2-7 °C).'];
