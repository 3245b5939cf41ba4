import { type SQL, sql } from 'drizzle-orm';
import { FOOD_GAPS, type FoodGap, MANDATORY_NUTRITION } from '../../../shared/api/food-completeness';
import { ALLERGENS } from '../../../shared/api/food';
import type { DbOrTx } from '../../db/client';

/**
 * SQL of the food completeness list (issue 19 point 7): which active food products lack which
 * mandatory food information. A product counts as food when it is sold at the food VAT rate
 * (9 %), has food information of any kind, or sits in an alcoholic drinks category; a kitchen tool
 * at 21 % without any is not food and is never listed.
 */

export interface IncompleteRow {
  product_id: number;
  erp_id: string;
  sku: string | null;
  title_nl: string;
  title_en: string;
  missing: string[];
  unknown_allergens: string[];
  missing_nutrition: string[];
}

const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);

/** A category whose name (either language) says beer, tequila, mezcal or wine: its products need the alcohol percentage. */
const ALCOHOLIC = sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
  where pc.product_id = p.id and (c.name_nl || ' ' || c.name_en) ~* '\\m(beers?|bier(en)?|tequilas?|mezcals?|wines?|wijn(en)?)\\M')`;

/** Each gap as a condition on the product (p), its food row (f, possibly none) and the lists computed below (g). */
const GAP_WHEN: Record<(typeof FOOD_GAPS)[number], SQL> = {
  legal_name_nl: sql`f.legal_name_nl is null`,
  legal_name_en: sql`f.legal_name_en is null`,
  ingredients_nl: sql`f.ingredients_nl is null`,
  ingredients_en: sql`f.ingredients_en is null`,
  allergens: sql`cardinality(g.unknown_allergens) > 0`,
  nutrition: sql`cardinality(g.missing_nutrition) > 0`,
  net_quantity: sql`(f.net_quantity is null or f.net_unit is null)`,
  storage: sql`f.storage is null`,
  business_name: sql`f.business_name is null`,
  business_address: sql`f.business_address is null`,
  alcohol_percentage: sql`(g.alcoholic and f.alcohol_percentage is null)`,
};

const gapsOf = sql.join(
  FOOD_GAPS.map((gap) => sql`case when ${GAP_WHEN[gap]} then ${gap} end`),
  sql`, `,
);

/** Every active food product with its gaps (possibly none), as a subquery `r`. */
const ROWS = sql`select p.id as product_id, p.erp_id, p.title_nl, p.title_en,
    (select v.sku from variations v where v.product_id = p.id order by v.active desc, v.id desc limit 1) as sku,
    g.unknown_allergens, g.missing_nutrition,
    array_remove(array[${gapsOf}]::text[], null) as missing
  from products p
  left join product_food f on f.product_id = p.id
  cross join lateral (select
      array(select a from unnest(${list(ALLERGENS)}) with ordinality u(a, n)
            where not exists (select 1 from product_allergens pa where pa.product_id = p.id and pa.allergen = u.a) order by u.n) as unknown_allergens,
      array_remove(array[${sql.join(
        MANDATORY_NUTRITION.map((column) => sql`case when f.${sql.raw(column)} is null then ${column} end`),
        sql`, `,
      )}]::text[], null) as missing_nutrition,
      ${ALCOHOLIC} as alcoholic) g
  where p.active and (p.vat_class = 'food' or f.product_id is not null
    or exists (select 1 from product_allergens pa where pa.product_id = p.id) or g.alcoholic)`;

const incomplete = sql`(${ROWS}) r where cardinality(r.missing) > 0`;

/** The incomplete products, or only those that lack `gap`. */
const incompleteLacking = (gap: FoodGap | undefined) => (gap ? sql`${incomplete} and ${gap} = any(r.missing)` : incomplete);

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One page, by product id; with `gap`, only the products that lack it. */
export function findIncomplete(db: DbOrTx, limit: number, offset: number, gap?: FoodGap): Promise<IncompleteRow[]> {
  return rowsOf<IncompleteRow>(db, sql`select r.* from ${incompleteLacking(gap)} order by r.product_id limit ${limit} offset ${offset}`);
}

export async function countIncomplete(db: DbOrTx, gap?: FoodGap): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*)::int as n from ${incompleteLacking(gap)}`);
  return Number(row?.n ?? 0);
}

/** The next `limit` after product id `after` (keyset: the ERP export reads them all, a batch at a time). */
export function findIncompleteAfter(db: DbOrTx, after: number, limit: number): Promise<IncompleteRow[]> {
  return rowsOf<IncompleteRow>(db, sql`select r.* from ${incomplete} and r.product_id > ${after} order by r.product_id limit ${limit}`);
}
