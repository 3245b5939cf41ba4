import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type KeyedTable, type MergeCounts, rowDiffers, rowsOf, writeIfAny, writeKeyed } from './erp-sql.repository';
import { mergeSalesUnits, salesUnitDiffers } from './erp-sales-units.repository';

/**
 * How the ERP import merges its staged categories, products and prices into the catalogue
 * (see erp.repository.ts for the staging): plain INSERT and UPDATE statements, a statement that
 * would change nothing is not run, and what a full import leaves out is deactivated or ended,
 * never deleted.
 */

export async function mergeCategories(tx: Tx): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where c.id is null)::int as inserted,
               count(*) filter (where c.id is not null and (c.parent_id, c.name_nl, c.name_en, c.weight) is distinct from (p.id, s.name_nl, s.name_en, s.weight))::int as updated
        from erp_stage_categories s
        left join categories c on c.erp_id = s.erp_id
        left join categories p on p.erp_id = s.parent_erp_id`,
  );
  const writes: Record<string, number> = { categories_inserted: 0, categories_updated: 0 };
  // New categories level by level, so each finds its parent (the checks ruled out cycles).
  const ready = sql`from erp_stage_categories s where not exists (select 1 from categories c where c.erp_id = s.erp_id)
    and (s.parent_erp_id is null or exists (select 1 from categories p where p.erp_id = s.parent_erp_id))`;
  for (let level = 0; level < 64; level += 1) {
    const n = await writeIfAny(
      tx,
      sql`select count(*)::int as n ${ready}`,
      sql`insert into categories (erp_id, parent_id, name_nl, name_en, weight)
          select s.erp_id, (select p.id from categories p where p.erp_id = s.parent_erp_id), s.name_nl, s.name_en, s.weight ${ready}`,
    );
    if (n === 0) break;
    writes.categories_inserted! += n;
  }
  const changed = sql`from erp_stage_categories s left join categories p on p.erp_id = s.parent_erp_id
    where c.erp_id = s.erp_id and (c.parent_id, c.name_nl, c.name_en, c.weight) is distinct from (p.id, s.name_nl, s.name_en, s.weight)`;
  writes.categories_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from categories c, erp_stage_categories s left join categories p on p.erp_id = s.parent_erp_id
        where c.erp_id = s.erp_id and (c.parent_id, c.name_nl, c.name_en, c.weight) is distinct from (p.id, s.name_nl, s.name_en, s.weight)`,
    sql`update categories c set parent_id = p.id, name_nl = s.name_nl, name_en = s.name_en, weight = s.weight ${changed}`,
  );
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: 0, writes };
}

const PRODUCT: KeyedTable = {
  table: 'products',
  alias: 'p',
  stage: 'erp_stage_products',
  key: 'erp_id',
  fields: ['title_nl', 'title_en', 'description_nl', 'description_en', 'specifications_nl', 'specifications_en', 'vat_class', 'active'],
};
const productDiffers = rowDiffers(PRODUCT);
/** The product's categories as the file gives them and as the shop has them, both sorted without repeats. */
const categoriesDiffer = sql`array(select distinct c from unnest(s.categories) c order by 1)
  is distinct from array(select k.erp_id from product_categories pc join categories k on k.id = pc.category_id where pc.product_id = p.id order by 1)`;

export async function mergeProducts(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const classes = await productClasses(tx);
  const writes: Record<string, number> = {};
  ({ inserted: writes.products_inserted, updated: writes.products_updated } = await writeKeyed(tx, PRODUCT));
  await mergeVariations(tx, writes);
  await mergeProductCategories(tx, writes);
  const deactivated = deactivateMissing ? await deactivateMissingProducts(tx, writes) : 0;
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

/** How many staged products are new, and how many differ from the shop's in any way. */
async function productClasses(tx: Tx) {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where p.id is null)::int as inserted,
               count(*) filter (where p.id is not null and (${productDiffers}
                 or not exists (select 1 from variations v where v.product_id = p.id and v.sku = s.sku and v.active = s.active)
                 or exists (select 1 from variations v where v.product_id = p.id and v.sku <> s.sku and v.active)
                 or exists (select 1 from variations v where v.sku = s.sku and ${salesUnitDiffers})
                 or ${categoriesDiffer}))::int as updated
        from erp_stage_products s left join products p on p.erp_id = s.erp_id`,
  );
  return classes;
}

/** Each product's variation under its row's article number, its sales units; its other variations stop. */
async function mergeVariations(tx: Tx, writes: Record<string, number>) {
  writes.variations_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s where not exists (select 1 from variations v where v.sku = s.sku)`,
    sql`insert into variations (product_id, sku, active) select p.id, s.sku, s.active from erp_stage_products s join products p on p.erp_id = s.erp_id
        where not exists (select 1 from variations v where v.sku = s.sku)`,
  );
  writes.variations_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s join products p on p.erp_id = s.erp_id join variations v on v.sku = s.sku
        where (v.product_id, v.active) is distinct from (p.id, s.active)`,
    sql`update variations v set product_id = p.id, active = s.active from erp_stage_products s join products p on p.erp_id = s.erp_id
        where v.sku = s.sku and (v.product_id, v.active) is distinct from (p.id, s.active)`,
  );
  writes.variation_sales_units = await mergeSalesUnits(tx);
  // A product is sold under the article number of its row: its other variations stop.
  writes.variations_retired = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s join products p on p.erp_id = s.erp_id join variations v on v.product_id = p.id
        where v.sku <> s.sku and v.active`,
    sql`update variations v set active = false from erp_stage_products s join products p on p.erp_id = s.erp_id
        where v.product_id = p.id and v.sku <> s.sku and v.active`,
  );
}

/** The product's categories as the file gives them: the others removed, the missing added. */
async function mergeProductCategories(tx: Tx, writes: Record<string, number>) {
  const wanted = sql`select p.id as product_id, k.id as category_id from erp_stage_products s join products p on p.erp_id = s.erp_id
    cross join lateral unnest(s.categories) c join categories k on k.erp_id = c`;
  const unwanted = sql`from erp_stage_products s join products p on p.erp_id = s.erp_id
    where pc.product_id = p.id and not exists (select 1 from unnest(s.categories) c join categories k on k.erp_id = c where k.id = pc.category_id)`;
  writes.product_categories_removed = await writeIfAny(
    tx,
    sql`select count(*)::int as n from product_categories pc where exists (select 1 ${unwanted})`,
    sql`delete from product_categories pc using erp_stage_products s join products p on p.erp_id = s.erp_id
        where pc.product_id = p.id and not exists (select 1 from unnest(s.categories) c join categories k on k.erp_id = c where k.id = pc.category_id)`,
  );
  const missing = sql`select distinct w.product_id, w.category_id from (${wanted}) w
    where not exists (select 1 from product_categories pc where pc.product_id = w.product_id and pc.category_id = w.category_id)`;
  writes.product_categories_added = await writeIfAny(
    tx,
    sql`select count(*)::int as n from (${missing}) m`,
    sql`insert into product_categories (product_id, category_id) ${missing}`,
  );
}

/** A full import: the products it leaves out are deactivated, with their variations. */
async function deactivateMissingProducts(tx: Tx, writes: Record<string, number>): Promise<number> {
  const gone = sql`p.active and not exists (select 1 from erp_stage_products s where s.erp_id = p.erp_id)`;
  const deactivated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from products p where ${gone}`,
    sql`update products p set active = false, updated_at = now() where ${gone}`,
  );
  writes.products_deactivated = deactivated;
  writes.variations_deactivated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from variations v join products p on p.id = v.product_id
        where v.active and not p.active and not exists (select 1 from erp_stage_products s where s.erp_id = p.erp_id)`,
    sql`update variations v set active = false from products p
        where p.id = v.product_id and v.active and not p.active and not exists (select 1 from erp_stage_products s where s.erp_id = p.erp_id)`,
  );
  return deactivated;
}

const samePrice = sql`p.pricelist = s.list_code and p.variation_id = s.variation_id and p.min_quantity = s.from_quantity and p.valid_from is not distinct from s.valid_from`;
const priceDiffers = sql`(p.unit_price_cents, p.valid_until) is distinct from (s.price_cents, s.valid_until)`;

export async function mergePrices(tx: Tx, deactivateMissing: boolean, today: string, yesterday: string): Promise<MergeCounts> {
  const writes: Record<string, number> = {};
  writes.price_lists_written = await writeIfAny(
    tx,
    sql`select count(*)::int as n from (select distinct on (list_code) list_code, list_name from erp_stage_prices where list_name is not null order by list_code, line) n
        where not exists (select 1 from price_lists l where l.code = n.list_code and l.name = n.list_name)`,
    sql`insert into price_lists (code, name)
        select distinct on (list_code) list_code, list_name from erp_stage_prices where list_name is not null order by list_code, line
        on conflict (code) do update set name = excluded.name where price_lists.name is distinct from excluded.name`,
  );
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where not exists (select 1 from prices p where ${samePrice}))::int as inserted,
               count(*) filter (where exists (select 1 from prices p where ${samePrice} and ${priceDiffers}))::int as updated
        from erp_stage_prices s`,
  );
  writes.prices_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_prices s join prices p on ${samePrice} where ${priceDiffers}`,
    sql`update prices p set unit_price_cents = s.price_cents, valid_until = s.valid_until from erp_stage_prices s where ${samePrice} and ${priceDiffers}`,
  );
  writes.prices_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_prices s where not exists (select 1 from prices p where ${samePrice})`,
    sql`insert into prices (pricelist, variation_id, min_quantity, unit_price_cents, valid_from, valid_until)
        select s.list_code, s.variation_id, s.from_quantity, s.price_cents, s.valid_from, s.valid_until from erp_stage_prices s
        where not exists (select 1 from prices p where ${samePrice})`,
  );
  let deactivated = 0;
  if (deactivateMissing) {
    // Only in the price lists the file covers; a price still valid today (or later) ends yesterday.
    const gone = sql`p.pricelist in (select distinct list_code from erp_stage_prices)
      and (p.valid_until is null or p.valid_until >= ${today}::date)
      and not exists (select 1 from erp_stage_prices s where ${samePrice})`;
    deactivated = await writeIfAny(
      tx,
      sql`select count(*)::int as n from prices p where ${gone}`,
      sql`update prices p set valid_until = ${yesterday}::date where ${gone}`,
    );
    writes.prices_ended = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

