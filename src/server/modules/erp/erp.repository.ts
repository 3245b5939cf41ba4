import { eq, sql } from 'drizzle-orm';
import type { ErpImportKind, ErpRowError } from '../../../shared/api/erp';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { type MergeCounts, rowsOf, writeIfAny } from './erp-sql';
import { checkQuotes, mergeQuotes, prepareQuoteStage, QUOTE_STAGE_COLUMNS } from './erp-quotes';

/**
 * SQL of the ERP exchange. An import stages its valid rows in a temporary table of the
 * transaction (ON COMMIT DROP), checks what needs the database (duplicates, references) with
 * set-based queries that still know each row's line, then merges the stage into the shop's
 * tables with plain INSERT and UPDATE statements: row locks only, the catalogue-version triggers
 * fire as for any other change, and a statement that would change nothing is not run at all (so
 * an import of an unchanged file writes nothing, not even the catalogue version).
 */

const STAGE_COLUMNS: Record<ErpImportKind, string> = {
  categories: 'line int not null, erp_id text not null, parent_erp_id text, name_nl text not null, name_en text not null, weight int not null',
  products:
    'line int not null, erp_id text not null, sku text not null, title_nl text not null, title_en text not null, description_nl text not null, description_en text not null, specifications_nl text not null, specifications_en text not null, tax_rate int not null, active boolean not null, categories text[] not null',
  prices:
    'line int not null, list_code text not null, list_name text, sku text not null, from_quantity int not null, price_cents int not null, valid_from date, valid_until date, variation_id int',
  relations:
    'line int not null, erp_number text not null, name text not null, address_line1 text not null, postal_code text not null, locality text not null, country_code text not null, phone text not null, mail text not null, coc_number text not null, vat_number text not null, pricelist text not null, langcode text not null, delivery_days text[] not null, free_delivery_amount text not null, active boolean not null',
  delivery_addresses:
    'line int not null, relation_erp_number text not null, erp_code text not null, label text not null, address_line1 text not null, postal_code text not null, locality text not null, country_code text not null, is_default boolean not null',
  users:
    'line int not null, name text not null, name_lower text not null, mail text not null, firstname text not null, surname_prefix text not null, surname text not null, langcode text not null, relation_erp_number text, roles text[] not null, active boolean not null',
  invoices:
    'line int not null, invoice_number text not null, cash_order_id text not null, relation_erp_number text not null, entry_date date not null, outstanding_cents int not null, order_number text',
  quotes: QUOTE_STAGE_COLUMNS,
};

/** The column each stage is looked up by. */
const STAGE_KEY: Record<ErpImportKind, string> = {
  categories: 'erp_id',
  products: 'erp_id',
  prices: 'list_code, variation_id, from_quantity',
  relations: 'erp_number',
  delivery_addresses: 'relation_erp_number, erp_code',
  users: 'name_lower',
  invoices: 'invoice_number',
  quotes: 'quote_number, variation_id, quantity',
};

const stage = (kind: ErpImportKind) => sql.raw(`erp_stage_${kind}`);

export type StageRow = Record<string, unknown> & { line: number };

export type { MergeCounts };

export function createErpRepository() {
  return {
    /** Serialises imports (two at once would race on the same keys); a lock on a number, not a table. */
    async lockImports(tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('erp-import'))`);
    },

    async createStage(tx: Tx, kind: ErpImportKind): Promise<void> {
      await tx.execute(sql.raw(`create temporary table erp_stage_${kind} (${STAGE_COLUMNS[kind]}) on commit drop`));
    },

    /** One batch as one JSON parameter (see scripts/seed/bulk-insert.ts for why). */
    async stageRows(tx: Tx, kind: ErpImportKind, rows: StageRow[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(sql`insert into ${stage(kind)} select * from json_populate_recordset(null::${stage(kind)}, ${JSON.stringify(rows)}::json)`);
    },

    /** Indexes and statistics for the checks and the merge (temporary tables are never analysed on their own). */
    async prepareStage(tx: Tx, kind: ErpImportKind): Promise<void> {
      if (kind === 'prices') {
        await tx.execute(sql`update erp_stage_prices s set variation_id = v.id from variations v where v.sku = s.sku`);
      }
      if (kind === 'quotes') await prepareQuoteStage(tx);
      await tx.execute(sql.raw(`create index on erp_stage_${kind} (${STAGE_KEY[kind]})`));
      if (kind === 'products') await tx.execute(sql`create index on erp_stage_products (sku)`);
      await tx.execute(sql.raw(`analyze erp_stage_${kind}`));
    },

    /** Problems only the whole file and the database can show, each with its line. */
    async checkStage(tx: Tx, kind: ErpImportKind, limit: number): Promise<ErpRowError[]> {
      const errors: ErpRowError[] = [];
      const duplicates = async (keys: string, field: string, what: string) => {
        const rows = await rowsOf<{ lines: number[] }>(
          tx,
          sql`select array_agg(line order by line) as lines from ${stage(kind)} group by ${sql.raw(keys)} having count(*) > 1 order by min(line) limit ${limit}`,
        );
        for (const { lines } of rows) {
          for (const line of lines.slice(1)) errors.push({ line, field, message: `repeats the ${what} of line ${lines[0]}` });
        }
      };
      if (kind === 'categories') {
        await duplicates('erp_id', 'erp_id', 'category');
        const unknown = await rowsOf<{ line: number; parent: string }>(
          tx,
          sql`select line, parent_erp_id as parent from erp_stage_categories s
              where parent_erp_id is not null
                and not exists (select 1 from erp_stage_categories p where p.erp_id = s.parent_erp_id)
                and not exists (select 1 from categories c where c.erp_id = s.parent_erp_id)
              order by line limit ${limit}`,
        );
        for (const r of unknown) errors.push({ line: r.line, field: 'parent_erp_id', message: `names category "${r.parent}", which is neither in the file nor in the shop` });
        // The tree as it would be after the import: a walk up from a row that comes back to it is a cycle.
        const cycles = await rowsOf<{ line: number }>(
          tx,
          sql`with recursive eff as (
                select s.erp_id, s.parent_erp_id as parent from erp_stage_categories s
                union all
                select c.erp_id, p.erp_id from categories c left join categories p on p.id = c.parent_id
                where not exists (select 1 from erp_stage_categories s where s.erp_id = c.erp_id)
              ), walk(start, node, depth) as (
                select erp_id, parent, 1 from eff where parent is not null
                union all
                select w.start, e.parent, w.depth + 1 from walk w join eff e on e.erp_id = w.node
                where e.parent is not null and w.node <> w.start and w.depth < 64
              )
              select distinct s.line from walk w join erp_stage_categories s on s.erp_id = w.start
              where w.node = w.start order by s.line limit ${limit}`,
        );
        for (const r of cycles) errors.push({ line: r.line, field: 'parent_erp_id', message: 'makes the category its own ancestor' });
      } else if (kind === 'products') {
        await duplicates('erp_id', 'erp_id', 'product');
        await duplicates('sku', 'sku', 'article number');
        const taken = await rowsOf<{ line: number; sku: string; owner: string }>(
          tx,
          sql`select s.line, s.sku, p.erp_id as owner from erp_stage_products s
              join variations v on v.sku = s.sku join products p on p.id = v.product_id
              where p.erp_id <> s.erp_id order by s.line limit ${limit}`,
        );
        for (const r of taken) errors.push({ line: r.line, field: 'sku', message: `article number ${r.sku} belongs to product ${r.owner}` });
        const unknown = await rowsOf<{ line: number; category: string }>(
          tx,
          sql`select s.line, c as category from erp_stage_products s cross join lateral unnest(s.categories) c
              where not exists (select 1 from categories k where k.erp_id = c) order by s.line limit ${limit}`,
        );
        for (const r of unknown) errors.push({ line: r.line, field: 'categories', message: `names category "${r.category}", which the shop does not have (import categories first)` });
      } else if (kind === 'relations') {
        await duplicates('erp_number', 'erp_number', 'relation');
        const unknown = await rowsOf<{ line: number; code: string }>(
          tx,
          sql`select line, pricelist as code from erp_stage_relations s where not exists (select 1 from price_lists l where l.code = s.pricelist) order by line limit ${limit}`,
        );
        for (const r of unknown) errors.push({ line: r.line, field: 'price_list', message: `price list ${r.code} does not exist (import prices with its list_name first)` });
      } else if (kind === 'delivery_addresses') {
        await duplicates('relation_erp_number, erp_code', 'code', 'address (relation and code)');
        const unknown = await rowsOf<{ line: number; erp: string }>(
          tx,
          sql`select line, relation_erp_number as erp from erp_stage_delivery_addresses s
              where not exists (select 1 from relations r where r.erp_number = s.relation_erp_number) order by line limit ${limit}`,
        );
        for (const r of unknown) errors.push({ line: r.line, field: 'relation_erp_number', message: `relation ${r.erp} is not in the shop (import relations first)` });
        const defaults = await rowsOf<{ lines: number[] }>(
          tx,
          sql`select array_agg(line order by line) as lines from erp_stage_delivery_addresses where is_default
              group by relation_erp_number having count(*) > 1 order by min(line) limit ${limit}`,
        );
        for (const { lines } of defaults) {
          for (const line of lines.slice(1)) errors.push({ line, field: 'default', message: `is a second default address of the relation (line ${lines[0]} is one)` });
        }
      } else if (kind === 'users') {
        await duplicates('name_lower', 'name', 'login name');
        const unknown = await rowsOf<{ line: number; erp: string }>(
          tx,
          sql`select line, relation_erp_number as erp from erp_stage_users s where relation_erp_number is not null
              and not exists (select 1 from relations r where r.erp_number = s.relation_erp_number) order by line limit ${limit}`,
        );
        for (const r of unknown) errors.push({ line: r.line, field: 'relation_erp_number', message: `relation ${r.erp} is not in the shop (import relations first)` });
      } else if (kind === 'invoices') {
        await duplicates('invoice_number', 'invoice_number', 'invoice');
        const unknown = await rowsOf<{ line: number; erp: string }>(
          tx,
          sql`select line, relation_erp_number as erp from erp_stage_invoices s
              where not exists (select 1 from relations r where r.erp_number = s.relation_erp_number) order by line limit ${limit}`,
        );
        for (const r of unknown) errors.push({ line: r.line, field: 'relation_erp_number', message: `relation ${r.erp} is not in the shop (import relations first)` });
      } else if (kind === 'quotes') {
        errors.push(...(await checkQuotes(tx, limit)));
      } else {
        await duplicates('list_code, sku, from_quantity, valid_from', 'from_quantity', 'price (list, article number, from quantity and valid from)');
        const unknownSku = await rowsOf<{ line: number; sku: string }>(
          tx,
          sql`select line, sku from erp_stage_prices where variation_id is null order by line limit ${limit}`,
        );
        for (const r of unknownSku) errors.push({ line: r.line, field: 'sku', message: `article number ${r.sku} is not in the shop (import products first)` });
        const unknownList = await rowsOf<{ line: number; code: string }>(
          tx,
          sql`select min(s.line) as line, s.list_code as code from erp_stage_prices s
              where not exists (select 1 from price_lists l where l.code = s.list_code)
                and not exists (select 1 from erp_stage_prices n where n.list_code = s.list_code and n.list_name is not null)
              group by s.list_code order by 1 limit ${limit}`,
        );
        for (const r of unknownList) {
          errors.push({ line: r.line, field: 'list_code', message: `price list ${r.code} does not exist; give its list_name on one of its rows to create it` });
        }
      }
      return errors.sort((a, b) => a.line - b.line);
    },

    /** Merges the stage into the shop's tables. `today` is the Amsterdam date (prices end the day before). */
    async merge(tx: Tx, kind: ErpImportKind, opts: { deactivateMissing: boolean; today: string; yesterday: string }): Promise<MergeCounts> {
      if (kind === 'categories') return mergeCategories(tx);
      if (kind === 'products') return mergeProducts(tx, opts.deactivateMissing);
      if (kind === 'relations') return mergeRelations(tx, opts.deactivateMissing);
      if (kind === 'delivery_addresses') return mergeDeliveryAddresses(tx);
      if (kind === 'invoices') return mergeInvoices(tx, opts.deactivateMissing);
      if (kind === 'users') return mergeUsers(tx, opts.deactivateMissing);
      if (kind === 'quotes') return mergeQuotes(tx, opts.deactivateMissing, opts.today, opts.yesterday);
      return mergePrices(tx, opts.deactivateMissing, opts.today, opts.yesterday);
    },
  };
}


async function mergeCategories(tx: Tx): Promise<MergeCounts> {
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

const PRODUCT_FIELDS = sql.raw('title_nl, title_en, description_nl, description_en, specifications_nl, specifications_en, tax_rate, active');
const productDiffers = sql`(p.title_nl, p.title_en, p.description_nl, p.description_en, p.specifications_nl, p.specifications_en, p.tax_rate, p.active)
  is distinct from (s.title_nl, s.title_en, s.description_nl, s.description_en, s.specifications_nl, s.specifications_en, s.tax_rate, s.active)`;
/** The product's categories as the file gives them and as the shop has them, both sorted without repeats. */
const categoriesDiffer = sql`array(select distinct c from unnest(s.categories) c order by 1)
  is distinct from array(select k.erp_id from product_categories pc join categories k on k.id = pc.category_id where pc.product_id = p.id order by 1)`;

async function mergeProducts(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where p.id is null)::int as inserted,
               count(*) filter (where p.id is not null and (${productDiffers}
                 or not exists (select 1 from variations v where v.product_id = p.id and v.sku = s.sku and v.active = s.active)
                 or exists (select 1 from variations v where v.product_id = p.id and v.sku <> s.sku and v.active)
                 or ${categoriesDiffer}))::int as updated
        from erp_stage_products s left join products p on p.erp_id = s.erp_id`,
  );
  const writes: Record<string, number> = {};
  writes.products_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s where not exists (select 1 from products p where p.erp_id = s.erp_id)`,
    sql`insert into products (erp_id, ${PRODUCT_FIELDS}) select s.erp_id, ${PRODUCT_FIELDS} from erp_stage_products s
        where not exists (select 1 from products p where p.erp_id = s.erp_id)`,
  );
  writes.products_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s join products p on p.erp_id = s.erp_id where ${productDiffers}`,
    sql`update products p set title_nl = s.title_nl, title_en = s.title_en, description_nl = s.description_nl, description_en = s.description_en,
          specifications_nl = s.specifications_nl, specifications_en = s.specifications_en, tax_rate = s.tax_rate, active = s.active, updated_at = now()
        from erp_stage_products s where p.erp_id = s.erp_id and ${productDiffers}`,
  );
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
  // A product is sold under the article number of its row: its other variations stop.
  writes.variations_retired = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s join products p on p.erp_id = s.erp_id join variations v on v.product_id = p.id
        where v.sku <> s.sku and v.active`,
    sql`update variations v set active = false from erp_stage_products s join products p on p.erp_id = s.erp_id
        where v.product_id = p.id and v.sku <> s.sku and v.active`,
  );
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
  let deactivated = 0;
  if (deactivateMissing) {
    const gone = sql`p.active and not exists (select 1 from erp_stage_products s where s.erp_id = p.erp_id)`;
    deactivated = await writeIfAny(
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
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

const samePrice = sql`p.pricelist = s.list_code and p.variation_id = s.variation_id and p.min_quantity = s.from_quantity and p.valid_from is not distinct from s.valid_from`;
const priceDiffers = sql`(p.unit_price_cents, p.valid_until) is distinct from (s.price_cents, s.valid_until)`;

async function mergePrices(tx: Tx, deactivateMissing: boolean, today: string, yesterday: string): Promise<MergeCounts> {
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

const RELATION_FIELDS = sql.raw(
  'name, address_line1, postal_code, locality, country_code, phone, mail, coc_number, vat_number, pricelist, langcode, delivery_days, free_delivery_amount, active',
);
const relationDiffers = sql`(r.name, r.address_line1, r.postal_code, r.locality, r.country_code, r.phone, r.mail, r.coc_number, r.vat_number, r.pricelist, r.langcode, r.delivery_days, r.free_delivery_amount, r.active)
  is distinct from (s.name, s.address_line1, s.postal_code, s.locality, s.country_code, s.phone, s.mail, s.coc_number, s.vat_number, s.pricelist, s.langcode, s.delivery_days, s.free_delivery_amount, s.active)`;

async function mergeRelations(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where r.id is null)::int as inserted, count(*) filter (where r.id is not null and ${relationDiffers})::int as updated
        from erp_stage_relations s left join relations r on r.erp_number = s.erp_number`,
  );
  const writes: Record<string, number> = {};
  writes.relations_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_relations s where not exists (select 1 from relations r where r.erp_number = s.erp_number)`,
    sql`insert into relations (erp_number, ${RELATION_FIELDS}) select s.erp_number, ${RELATION_FIELDS} from erp_stage_relations s
        where not exists (select 1 from relations r where r.erp_number = s.erp_number)`,
  );
  writes.relations_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_relations s join relations r on r.erp_number = s.erp_number where ${relationDiffers}`,
    sql`update relations r set name = s.name, address_line1 = s.address_line1, postal_code = s.postal_code, locality = s.locality,
          country_code = s.country_code, phone = s.phone, mail = s.mail, coc_number = s.coc_number, vat_number = s.vat_number,
          pricelist = s.pricelist, langcode = s.langcode, delivery_days = s.delivery_days, free_delivery_amount = s.free_delivery_amount,
          active = s.active, updated_at = now()
        from erp_stage_relations s where r.erp_number = s.erp_number and ${relationDiffers}`,
  );
  let deactivated = 0;
  if (deactivateMissing) {
    const gone = sql`r.active and not exists (select 1 from erp_stage_relations s where s.erp_number = r.erp_number)`;
    deactivated = await writeIfAny(tx, sql`select count(*)::int as n from relations r where ${gone}`, sql`update relations r set active = false, updated_at = now() where ${gone}`);
    writes.relations_deactivated = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

const addressJoin = sql`join relations r on r.erp_number = s.relation_erp_number left join delivery_addresses d on d.relation_id = r.id and d.erp_code = s.erp_code`;
const addressDiffers = sql`(d.label, d.address_line1, d.postal_code, d.locality, d.country_code, d.is_default)
  is distinct from (s.label, s.address_line1, s.postal_code, s.locality, s.country_code, s.is_default)`;

async function mergeDeliveryAddresses(tx: Tx): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where d.id is null)::int as inserted, count(*) filter (where d.id is not null and ${addressDiffers})::int as updated
        from erp_stage_delivery_addresses s ${addressJoin}`,
  );
  const writes: Record<string, number> = {};
  // A relation whose new default is in the file loses its other default first.
  writes.defaults_cleared = await writeIfAny(
    tx,
    sql`select count(*)::int as n from delivery_addresses d join relations r on r.id = d.relation_id
        join erp_stage_delivery_addresses s on s.relation_erp_number = r.erp_number and s.is_default
        where d.is_default and d.erp_code <> s.erp_code`,
    sql`update delivery_addresses d set is_default = false from relations r, erp_stage_delivery_addresses s
        where r.id = d.relation_id and s.relation_erp_number = r.erp_number and s.is_default and d.is_default and d.erp_code <> s.erp_code`,
  );
  writes.addresses_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_delivery_addresses s ${addressJoin} where d.id is null`,
    sql`insert into delivery_addresses (relation_id, erp_code, label, address_line1, postal_code, locality, country_code, is_default)
        select r.id, s.erp_code, s.label, s.address_line1, s.postal_code, s.locality, s.country_code, s.is_default
        from erp_stage_delivery_addresses s ${addressJoin} where d.id is null`,
  );
  writes.addresses_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_delivery_addresses s ${addressJoin} where d.id is not null and ${addressDiffers}`,
    sql`update delivery_addresses d set label = s.label, address_line1 = s.address_line1, postal_code = s.postal_code, locality = s.locality,
          country_code = s.country_code, is_default = s.is_default
        from erp_stage_delivery_addresses s join relations r on r.erp_number = s.relation_erp_number
        where d.relation_id = r.id and d.erp_code = s.erp_code and ${addressDiffers}`,
  );
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: 0, writes };
}

/**
 * The invoice as the file would leave it. An invoice the shop has seen paid (paid_at) keeps its
 * outstanding amount: a file made before the ERP booked the web payment must not open it again.
 * The order link is the shop's order with that number for the same relation, else none.
 */
const invoiceTarget = sql`from erp_stage_invoices s
  join relations r on r.erp_number = s.relation_erp_number
  left join orders o on o.order_number = s.order_number and o.relation_id = r.id`;
const invoiceDiffers = sql`(c.relation_id, c.cash_order_id, c.entry_date, c.order_id, c.order_number, c.outstanding_cents)
  is distinct from (r.id, s.cash_order_id, s.entry_date, o.id, s.order_number, case when c.paid_at is null then s.outstanding_cents else c.outstanding_cents end)`;

async function mergeInvoices(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where c.id is null)::int as inserted, count(*) filter (where c.id is not null and ${invoiceDiffers})::int as updated
        ${invoiceTarget} left join cash_invoices c on c.invoice_number = s.invoice_number`,
  );
  const writes: Record<string, number> = {};
  writes.invoices_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_invoices s where not exists (select 1 from cash_invoices c where c.invoice_number = s.invoice_number)`,
    sql`insert into cash_invoices (invoice_number, relation_id, cash_order_id, entry_date, order_id, order_number, outstanding_cents)
        select s.invoice_number, r.id, s.cash_order_id, s.entry_date, o.id, s.order_number, s.outstanding_cents ${invoiceTarget}
        where not exists (select 1 from cash_invoices c where c.invoice_number = s.invoice_number)`,
  );
  writes.invoices_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n ${invoiceTarget} join cash_invoices c on c.invoice_number = s.invoice_number where ${invoiceDiffers}`,
    sql`update cash_invoices c set relation_id = t.relation_id, cash_order_id = t.cash_order_id, entry_date = t.entry_date, order_id = t.order_id,
          order_number = t.order_number, outstanding_cents = case when c.paid_at is null then t.outstanding_cents else c.outstanding_cents end,
          updated_at = now()
        from (select s.invoice_number, r.id as relation_id, s.cash_order_id, s.entry_date, o.id as order_id, s.order_number, s.outstanding_cents ${invoiceTarget}) t
        where c.invoice_number = t.invoice_number
          and (c.relation_id, c.cash_order_id, c.entry_date, c.order_id, c.order_number, c.outstanding_cents)
              is distinct from (t.relation_id, t.cash_order_id, t.entry_date, t.order_id, t.order_number, case when c.paid_at is null then t.outstanding_cents else c.outstanding_cents end)`,
  );
  let deactivated = 0;
  if (deactivateMissing) {
    // The file is the complete list of open invoices: any other is settled.
    const gone = sql`c.outstanding_cents <> 0 and not exists (select 1 from erp_stage_invoices s where s.invoice_number = c.invoice_number)`;
    deactivated = await writeIfAny(
      tx,
      sql`select count(*)::int as n from cash_invoices c where ${gone}`,
      sql`update cash_invoices c set outstanding_cents = 0, paid_at = coalesce(c.paid_at, now()), updated_at = now() where ${gone}`,
    );
    writes.invoices_settled = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

const userTarget = sql`from erp_stage_users s left join relations r on r.erp_number = s.relation_erp_number`;
const userDiffers = sql`(u.name, u.mail, u.firstname, u.surname_prefix, u.surname, u.langcode, u.roles, u.relation_id, u.active)
  is distinct from (s.name, s.mail, s.firstname, s.surname_prefix, s.surname, s.langcode, s.roles, r.id, s.active)`;

async function mergeUsers(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where u.id is null)::int as inserted, count(*) filter (where u.id is not null and ${userDiffers})::int as updated
        ${userTarget} left join users u on lower(u.name) = s.name_lower`,
  );
  const writes: Record<string, number> = {};
  const inserted = await rowsOf<{ id: number }>(
    tx,
    sql`insert into users (name, mail, firstname, surname_prefix, surname, langcode, roles, relation_id, active)
        select s.name, s.mail, s.firstname, s.surname_prefix, s.surname, s.langcode, s.roles, r.id, s.active ${userTarget}
        where not exists (select 1 from users u where lower(u.name) = s.name_lower)
        returning id`,
  );
  writes.users_inserted = inserted.length;
  writes.users_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n ${userTarget} join users u on lower(u.name) = s.name_lower where ${userDiffers}`,
    sql`update users u set name = s.name, mail = s.mail, firstname = s.firstname, surname_prefix = s.surname_prefix, surname = s.surname,
          langcode = s.langcode, roles = s.roles, relation_id = r.id, active = s.active, changed_at = now()
        ${userTarget} where lower(u.name) = s.name_lower and ${userDiffers}`,
  );
  let deactivated = 0;
  if (deactivateMissing) {
    // Only customer accounts: staff accounts are not the ERP's to switch off.
    const gone = sql`u.active and 'customer' = any(u.roles) and not 'staff' = any(u.roles)
      and not exists (select 1 from erp_stage_users s where s.name_lower = lower(u.name))`;
    deactivated = await writeIfAny(tx, sql`select count(*)::int as n from users u where ${gone}`, sql`update users u set active = false, changed_at = now() where ${gone}`);
    writes.users_deactivated = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes, insertedIds: inserted.map((row) => row.id) };
}

/** What a welcome mail and its set-password link need of a user. */
export async function findUserForMail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      mail: users.mail,
      pass: users.pass,
      active: users.active,
      langcode: users.langcode,
      firstname: users.firstname,
      surnamePrefix: users.surnamePrefix,
      surname: users.surname,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
