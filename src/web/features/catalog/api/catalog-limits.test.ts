import { describe, expect, it } from 'vitest';

import * as contract from '../../../../shared/api/catalog';
import * as actions from '../../../../shared/api/catalog-actions';
import * as food from '../../../../shared/api/food';

import { DEFAULT_PAGE_SIZE, FAVORITES_LIMIT, MAX_QUANTITY, PAGE_SIZES } from './contracts';
import { ALLERGEN_KEYS, DIET_KEYS, STORAGE_KEYS } from './food-keys';

describe("the web's copies of the catalogue limits", () => {
  it('equal the contract', () => {
    expect(PAGE_SIZES).toEqual(contract.PAGE_SIZES);
    expect(DEFAULT_PAGE_SIZE).toBe(contract.DEFAULT_PAGE_SIZE);
    expect(FAVORITES_LIMIT).toBe(contract.FAVORITES_LIMIT);
    expect(MAX_QUANTITY).toBe(actions.MAX_REQUEST_QUANTITY);
    expect(ALLERGEN_KEYS).toEqual(food.ALLERGENS);
    expect(DIET_KEYS).toEqual(food.DIETS);
    expect(STORAGE_KEYS).toEqual(food.STORAGE_TYPES);
  });
});
