import {
  FOOD_GAPS,
  type FoodGap,
  INCOMPLETE_FOOD_PER_PAGE,
  type IncompleteFoodProduct,
  type IncompleteFoodResponse,
  MANDATORY_NUTRITION,
} from '../../../shared/api/food-completeness';
import { ALLERGENS } from '../../../shared/api/food';
import type { Db } from '../../db/client';
import * as repo from './completeness.repository';

/** Rows the ERP export reads per query. */
const EXPORT_BATCH = 1000;

/** Keeps only known values, in their list's order (the SQL already does; this types them). */
const known = <T extends string>(values: readonly T[], given: string[]): T[] => values.filter((value) => given.includes(value));

function toProduct(row: repo.IncompleteRow): IncompleteFoodProduct {
  return {
    product_id: row.product_id,
    erp_id: row.erp_id,
    sku: row.sku,
    title_nl: row.title_nl,
    title_en: row.title_en,
    missing: known(FOOD_GAPS, row.missing),
    unknown_allergens: known(ALLERGENS, row.unknown_allergens),
    missing_nutrition: known(MANDATORY_NUTRITION, row.missing_nutrition),
  };
}

/**
 * The active food products whose mandatory food information is incomplete (issue 19 point 7),
 * with what is missing: for staff page by page, for the ERP all of them as a stream of records.
 */
export function createFoodCompletenessService(db: Db) {
  return {
    /** One page of them; with `missing`, only the products that lack that part. */
    async listIncomplete(page: number, missing?: FoodGap): Promise<IncompleteFoodResponse> {
      const [rows, count] = await Promise.all([
        repo.findIncomplete(db, INCOMPLETE_FOOD_PER_PAGE, (page - 1) * INCOMPLETE_FOOD_PER_PAGE, missing),
        repo.countIncomplete(db, missing),
      ]);
      return { data: rows.map(toProduct), meta: { count, page, per_page: INCOMPLETE_FOOD_PER_PAGE } };
    },

    /** Every incomplete product by product id, read a batch at a time (memory stays flat). */
    async *exportIncomplete(): AsyncGenerator<IncompleteFoodProduct> {
      let after = 0;
      for (;;) {
        const rows = await repo.findIncompleteAfter(db, after, EXPORT_BATCH);
        for (const row of rows) yield toProduct(row);
        if (rows.length < EXPORT_BATCH) return;
        after = rows.at(-1)!.product_id;
      }
    },
  };
}

export type FoodCompletenessService = ReturnType<typeof createFoodCompletenessService>;
