import { sql } from 'drizzle-orm';
import type { ErpImportKind } from '../../../shared/api/erp';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { DbOrTx, Tx } from '../../db/client';
import { type MergeCounts, rowsOf } from './erp-sql.repository';
import { mergeCategories, mergePrices, mergeProducts } from './erp-merge-catalog.repository';
import { mergeDeliveryAddresses, mergeInvoices, mergeRelations, mergeUsers } from './erp-merge-customers.repository';
import { checkFood, FOOD_STAGE_COLUMNS, mergeFood, prepareFoodStage } from './erp-food.repository';
import type { FoodChangeStamp } from './erp-food-changes.repository';
import { SALES_UNIT_STAGE_COLUMNS } from './erp-sales-units.repository';
import { checkQuotes, mergeQuotes, prepareQuoteStage, QUOTE_STAGE_COLUMNS } from './erp-quotes.repository';
import {
  checkDeposits,
  checkVatRates,
  DEPOSIT_STAGE_COLUMNS,
  mergeDeposits,
  mergeVatRates,
  prepareDepositStage,
  VAT_RATE_STAGE_COLUMNS,
} from './erp-money.repository';
import { checkStock, STOCK_STAGE_COLUMNS, STOCK_STAGE_INDEX, stageStock } from './erp-stock.repository';

/**
 * SQL of the ERP exchange. An import stages its valid rows in a temporary table of the
 * transaction (ON COMMIT DROP), checks what needs the database (duplicates, references) with
 * set-based queries that still know each row's line, then merges the stage into the shop's
 * tables with plain INSERT and UPDATE statements: row locks only, the catalogue-version triggers
 * fire as for any other change, and a statement that would change nothing is not run at all (so
 * an import of an unchanged file writes nothing, not even the catalogue version).
 */

const STAGE_COLUMNS: Record<ErpImportKind, string> = {
  vat_rates: VAT_RATE_STAGE_COLUMNS,
  deposits: DEPOSIT_STAGE_COLUMNS,
  stock: STOCK_STAGE_COLUMNS,
  categories: 'line int not null, erp_id text not null, parent_erp_id text, name_nl text not null, name_en text not null, weight int not null',
  products:
    'line int not null, erp_id text not null, sku text not null, title_nl text not null, title_en text not null, description_nl text not null, description_en text not null, specifications_nl text not null, specifications_en text not null, vat_class text not null, active boolean not null, categories text[] not null, ' + SALES_UNIT_STAGE_COLUMNS,
  food: FOOD_STAGE_COLUMNS,
  prices:
    'line int not null, list_code text not null, list_name text, sku text not null, from_quantity int not null, price_cents int not null, valid_from date, valid_until date, variation_id int',
  relations:
    'line int not null, erp_number text not null, name text not null, address_line1 text not null, postal_code text not null, locality text not null, country_code text not null, phone text not null, mail text not null, coc_number text not null, vat_number text not null, pricelist text not null, langcode text not null, delivery_days text[] not null, free_delivery_amount text not null, deposits_count_free_delivery boolean not null, active boolean not null',
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
  vat_rates: 'vat_class, valid_from',
  deposits: 'variation_id, kind',
  stock: 'variation_id',
  categories: 'erp_id',
  products: 'erp_id',
  food: 'erp_id',
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

    /**
     * The import's stage, dropped at its commit; `kept`: kept beyond it, for an import that works in
     * transactions of its own per step (on PGlite, whose one session they all share), which drops
     * it with `dropStage` when it is done.
     */
    async createStage(tx: Tx, kind: ErpImportKind, kept = false): Promise<void> {
      await tx.execute(sql.raw(`create temporary table erp_stage_${kind} (${STAGE_COLUMNS[kind]})${kept ? '' : ' on commit drop'}`));
      if (kind === 'stock') await tx.execute(sql.raw(STOCK_STAGE_INDEX));
    },

    async dropStage(db: DbOrTx, kind: ErpImportKind): Promise<void> {
      await db.execute(sql.raw(`drop table if exists erp_stage_${kind}`));
    },

    /**
     * One batch as one JSON parameter (see scripts/seed/bulk-insert.ts for why). Answers the
     * variation ids a stock batch found (the stock merge cuts its ranges from them); none for the
     * other kinds.
     */
    async stageRows(tx: Tx, kind: ErpImportKind, rows: StageRow[]): Promise<number[]> {
      if (rows.length === 0) return [];
      if (kind === 'stock') return stageStock(tx, rows);
      await tx.execute(sql`insert into ${stage(kind)} select * from json_populate_recordset(null::${stage(kind)}, ${JSON.stringify(rows)}::json)`);
      return [];
    },

    /** Indexes and statistics for the checks and the merge (temporary tables are never analysed on their own). */
    async prepareStage(tx: Tx, kind: ErpImportKind): Promise<void> {
      // Stock's index is made with its stage (STOCK_STAGE_INDEX).
      if (kind === 'stock') return;
      if (kind === 'prices') {
        await tx.execute(sql`update erp_stage_prices s set variation_id = v.id from variations v where v.sku = s.sku`);
      }
      if (kind === 'quotes') await prepareQuoteStage(tx);
      if (kind === 'food') await prepareFoodStage(tx);
      if (kind === 'deposits') await prepareDepositStage(tx);
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
      /** Rows naming a relation the shop does not have (`optional`: rows may name none). */
      const unknownRelations = async (optional = false) => {
        const rows = await rowsOf<{ line: number; erp: string }>(
          tx,
          sql`select line, relation_erp_number as erp from ${stage(kind)} s
              where ${optional ? sql`relation_erp_number is not null and ` : sql``}not exists (select 1 from relations r where r.erp_number = s.relation_erp_number)
              order by line limit ${limit}`,
        );
        for (const r of rows) errors.push({ line: r.line, field: 'relation_erp_number', message: `relation ${r.erp} is not in the shop (import relations first)` });
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
        await unknownRelations();
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
        await unknownRelations(true);
      } else if (kind === 'invoices') {
        await duplicates('invoice_number', 'invoice_number', 'invoice');
        await unknownRelations();
      } else if (kind === 'quotes') {
        errors.push(...(await checkQuotes(tx, limit)));
      } else if (kind === 'food') {
        errors.push(...(await checkFood(tx, limit)));
      } else if (kind === 'vat_rates') {
        errors.push(...(await checkVatRates(tx, limit)));
      } else if (kind === 'deposits') {
        errors.push(...(await checkDeposits(tx, limit)));
      } else if (kind === 'stock') {
        errors.push(...(await checkStock(tx, limit)));
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

    /**
     * Merges the stage into the shop's tables. `today` is the Amsterdam date (prices end the day
     * before). Stock merges in ranges of its own (erp-stock.repository.ts `mergeStock`).
     */
    async merge(tx: Tx, kind: Exclude<ErpImportKind, 'stock'>, opts: { deactivateMissing: boolean; today: string; yesterday: string; stamp: FoodChangeStamp }): Promise<MergeCounts> {
      if (kind === 'categories') return mergeCategories(tx);
      if (kind === 'products') return mergeProducts(tx, opts.deactivateMissing);
      if (kind === 'relations') return mergeRelations(tx, opts.deactivateMissing);
      if (kind === 'delivery_addresses') return mergeDeliveryAddresses(tx);
      if (kind === 'invoices') return mergeInvoices(tx, opts.deactivateMissing);
      if (kind === 'users') return mergeUsers(tx, opts.deactivateMissing);
      if (kind === 'food') return mergeFood(tx, opts.stamp);
      if (kind === 'vat_rates') return mergeVatRates(tx);
      if (kind === 'deposits') return mergeDeposits(tx);
      if (kind === 'quotes') return mergeQuotes(tx, opts.deactivateMissing, opts.today, opts.yesterday);
      return mergePrices(tx, opts.deactivateMissing, opts.today, opts.yesterday);
    },
  };
}
