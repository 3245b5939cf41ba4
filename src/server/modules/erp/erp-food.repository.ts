import { sql } from 'drizzle-orm';
import type { FoodRow } from '../../../shared/api/erp';
import type { ErpRowError } from '../../../shared/api/erp-import';
import { ALLERGENS, NUTRIENTS } from '../../../shared/api/food';
import type { Tx } from '../../db/client';
import { sanitizeEmphasisText } from '../../html';
import { type FoodChangeStamp, recordFoodChanges } from './erp-food-changes.repository';
import { type KeyedTable, type MergeCounts, rowDiffers, rowsOf, writeIfAny, writeKeyed } from './erp-sql.repository';

/**
 * The food kind of the ERP import (docs/erp-exchange.md, "food"; issue 19). One row per product
 * (by its erp_id) is the product's whole food information: its `product_food` row is replaced
 * field by field (empty: unknown), its allergen rows are replaced (an empty cell deletes that
 * allergen's row: unknown), and its variation gets the row's EAN. As for the other kinds, a
 * statement that would change nothing is not run, so a repeated file leaves the catalogue version.
 */

/** The columns of product_food the file sets (the stage has the same names). */
const FOOD_FIELDS = [
  'legal_name_nl', 'legal_name_en', 'ingredients_nl', 'ingredients_en',
  'nutrition_basis', ...NUTRIENTS, 'net_quantity', 'net_unit',
  'storage', 'storage_text_nl', 'storage_text_en', 'after_opening_nl', 'after_opening_en',
  'origin_country', 'alcohol_percentage', 'diets', 'business_name', 'business_address',
] as const;
const NUMERIC = new Set<string>([...NUTRIENTS, 'net_quantity', 'alcohol_percentage']);

export const FOOD_STAGE_COLUMNS = [
  'line int not null, erp_id text not null, product_id int, ean text',
  ...FOOD_FIELDS.map((f) => `${f} ${f === 'diets' ? 'text[] not null' : NUMERIC.has(f) ? 'numeric' : 'text'}`),
  ...ALLERGENS.map((a) => `allergen_${a} text`),
].join(', ');

/** Ingredients keep only <strong> (<b> becomes it); plain text passes as it is. */
const emphasis = (value: string | undefined) => (value === undefined ? null : /[<>&]/.test(value) ? sanitizeEmphasisText(value) : value);

export function foodStageRow(row: FoodRow, line: number) {
  const { erp_id, ean, ingredients_nl, ingredients_en, ...rest } = row;
  const staged: Record<string, unknown> = { line, erp_id, product_id: null, ean, ingredients_nl: emphasis(ingredients_nl), ingredients_en: emphasis(ingredients_en) };
  for (const [name, value] of Object.entries(rest)) staged[name] = value ?? null;
  return staged as { line: number } & Record<string, unknown>;
}

export async function prepareFoodStage(tx: Tx): Promise<void> {
  await tx.execute(sql`update erp_stage_food s set product_id = p.id from products p where p.erp_id = s.erp_id`);
  await tx.execute(sql`create index on erp_stage_food (product_id)`);
  await tx.execute(sql`create index on erp_stage_food (ean)`);
}

export async function checkFood(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const errors: ErpRowError[] = [];
  const repeated = async (column: string, field: string, what: string) => {
    const rows = await rowsOf<{ lines: number[] }>(
      tx,
      sql.raw(`select array_agg(line order by line) as lines from erp_stage_food where ${column} is not null group by ${column} having count(*) > 1 order by min(line) limit ${limit}`),
    );
    for (const { lines } of rows) for (const line of lines.slice(1)) errors.push({ line, field, message: `repeats the ${what} of line ${lines[0]}` });
  };
  await repeated('erp_id', 'erp_id', 'product');
  await repeated('ean', 'ean', 'EAN');
  const unknown = await rowsOf<{ line: number; erp_id: string }>(tx, sql`select line, erp_id from erp_stage_food where product_id is null order by line limit ${limit}`);
  for (const r of unknown) errors.push({ line: r.line, field: 'erp_id', message: `product ${r.erp_id} is not in the shop (import products first)` });
  // An EAN of another product's variation, unless this file gives that product another EAN (or none).
  const taken = await rowsOf<{ line: number; ean: string; sku: string; owner: string }>(
    tx,
    sql`select s.line, s.ean, v.sku, p.erp_id as owner from erp_stage_food s
        join variations v on v.ean = s.ean join products p on p.id = v.product_id
        where p.id is distinct from s.product_id
          and not exists (select 1 from erp_stage_food o where o.product_id = p.id and o.ean is distinct from s.ean)
        order by s.line limit ${limit}`,
  );
  for (const r of taken) errors.push({ line: r.line, field: 'ean', message: `EAN ${r.ean} belongs to article number ${r.sku} of product ${r.owner}` });
  return errors;
}

const FOOD: KeyedTable = { table: 'product_food', alias: 'f', stage: 'erp_stage_food', key: 'product_id', fields: FOOD_FIELDS };
const foodDiffers = rowDiffers(FOOD);

/** A row's own cells as (allergen, level) pairs: per row, never a scan of the whole stage. */
const CELLS = sql.raw(`(values ${ALLERGENS.map((a) => `('${a}', s.allergen_${a})`).join(', ')}) a(allergen, level)`);
/** The allergen rows the file wants: (product, allergen, level) for every cell that is not empty. */
const WANTED = sql`select s.product_id, a.allergen, a.level from erp_stage_food s cross join lateral ${CELLS} where a.level is not null`;
const allergensDiffer = sql`array(select a.allergen || ':' || a.level from ${CELLS} where a.level is not null order by 1)
  is distinct from array(select pa.allergen || ':' || pa.level from product_allergens pa where pa.product_id = s.product_id order by 1)`;
/** The file's level for the allergen of a product_allergens row `pa` (s: that product's row); null: unknown. */
const LEVEL_OF = sql.raw(`(case pa.allergen ${ALLERGENS.map((a) => `when '${a}' then s.allergen_${a}`).join(' ')} end)`);
/** The variation that carries a product's EAN: its active one (the newest when there are several), else its newest. */
const TARGET = sql`(select t.id from variations t where t.product_id = s.product_id order by t.active desc, t.id desc limit 1)`;
const eanDiffers = sql`(exists (select 1 from variations v where v.product_id = s.product_id and v.ean is not null and (v.id <> ${TARGET} or v.ean is distinct from s.ean))
  or (s.ean is not null and not exists (select 1 from variations v where v.id = ${TARGET} and v.ean = s.ean)))`;

export async function mergeFood(tx: Tx, stamp: FoodChangeStamp): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where f.product_id is null)::int as inserted,
               count(*) filter (where f.product_id is not null and (${foodDiffers} or ${allergensDiffer} or ${eanDiffers}))::int as updated
        from erp_stage_food s left join product_food f on f.product_id = s.product_id`,
  );
  // Before the writes: what changes is the shop's food against the file's (decision 024).
  const writes: Record<string, number> = await recordFoodChanges(tx, stamp);
  ({ inserted: writes.product_food_inserted, updated: writes.product_food_updated } = await writeKeyed(tx, FOOD));

  const unwanted = sql`pa.product_id = s.product_id and ${LEVEL_OF} is null`;
  writes.allergens_removed = await writeIfAny(
    tx,
    sql`select count(*)::int as n from product_allergens pa join erp_stage_food s on ${unwanted}`,
    sql`delete from product_allergens pa using erp_stage_food s where ${unwanted}`,
  );
  const changed = sql`pa.product_id = s.product_id and pa.level <> ${LEVEL_OF}`;
  writes.allergens_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from product_allergens pa join erp_stage_food s on ${changed}`,
    sql`update product_allergens pa set level = ${LEVEL_OF} from erp_stage_food s where ${changed}`,
  );
  const missing = sql`select w.product_id, w.allergen, w.level from (${WANTED}) w
    where not exists (select 1 from product_allergens pa where pa.product_id = w.product_id and pa.allergen = w.allergen)`;
  writes.allergens_added = await writeIfAny(tx, sql`select count(*)::int as n from (${missing}) m`, sql`insert into product_allergens (product_id, allergen, level) ${missing}`);

  // EANs move in two statements (a unique column): first off every variation that should not
  // have its EAN (any longer), then onto the variations that should.
  const stale = sql`v.ean is not null and (
      exists (select 1 from erp_stage_food s where s.product_id = v.product_id and (v.id <> ${TARGET} or v.ean is distinct from s.ean))
      or exists (select 1 from erp_stage_food s where s.ean = v.ean and s.product_id <> v.product_id))`;
  writes.eans_cleared = await writeIfAny(tx, sql`select count(*)::int as n from variations v where ${stale}`, sql`update variations v set ean = null where ${stale}`);
  const fresh = sql`s.ean is not null and v.id = ${TARGET} and v.ean is distinct from s.ean`;
  writes.eans_set = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_food s join variations v on ${fresh}`,
    sql`update variations v set ean = s.ean from erp_stage_food s where ${fresh}`,
  );
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: 0, writes };
}
