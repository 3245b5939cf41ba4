import { sql } from 'drizzle-orm';
import type { ErpImportKind } from '../../../shared/api/erp';
import type { DbOrTx, Tx } from '../../db/client';
import type { MergeCounts } from './erp-sql.repository';
import { checkStage } from './erp-stage-checks.repository';
import { mergeCategories, mergePrices, mergeProducts } from './erp-merge-catalog.repository';
import { mergeDeliveryAddresses, mergeInvoices, mergeRelations, mergeUsers } from './erp-merge-customers.repository';
import { FOOD_STAGE_COLUMNS, mergeFood, prepareFoodStage } from './erp-food.repository';
import type { FoodChangeStamp } from './erp-food-changes.repository';
import { SALES_UNIT_STAGE_COLUMNS } from './erp-sales-units.repository';
import { mergeQuotes, prepareQuoteStage, QUOTE_STAGE_COLUMNS } from './erp-quotes.repository';
import {
  DEPOSIT_STAGE_COLUMNS,
  mergeDeposits,
  mergeVatRates,
  prepareDepositStage,
  VAT_RATE_STAGE_COLUMNS,
} from './erp-money.repository';
import { STOCK_STAGE_COLUMNS, STOCK_STAGE_INDEX, stageStock } from './erp-stock.repository';

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
    'line int not null, erp_number text not null, name text not null, address_line1 text not null, postal_code text not null, locality text not null, country_code text not null, phone text not null, mail text not null, coc_number text not null, vat_number text not null, pricelist text not null, langcode text not null, delivery_days text[] not null, free_delivery_amount text not null, deposits_count_free_delivery boolean not null, po_reference_required boolean not null, active boolean not null',
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

/** Serialises imports (two at once would race on the same keys); a lock on a number, not a table. */
export async function lockImports(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('erp-import'))`);
}

/**
 * The import's stage, dropped at its commit; `kept`: kept beyond it, for an import that works in
 * transactions of its own per step (on PGlite, whose one session they all share), which drops
 * it with `dropStage` when it is done.
 */
export async function createStage(tx: Tx, kind: ErpImportKind, kept = false): Promise<void> {
  await tx.execute(sql.raw(`create temporary table erp_stage_${kind} (${STAGE_COLUMNS[kind]})${kept ? '' : ' on commit drop'}`));
  if (kind === 'stock') await tx.execute(sql.raw(STOCK_STAGE_INDEX));
}

export async function dropStage(db: DbOrTx, kind: ErpImportKind): Promise<void> {
  await db.execute(sql.raw(`drop table if exists erp_stage_${kind}`));
}

/**
 * One batch as one JSON parameter (see scripts/seed/bulk-insert.ts for why). Answers the
 * variation ids a stock batch found (the stock merge cuts its ranges from them); none for the
 * other kinds.
 */
export async function stageRows(tx: Tx, kind: ErpImportKind, rows: StageRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (kind === 'stock') return stageStock(tx, rows);
  await tx.execute(sql`insert into ${stage(kind)} select * from json_populate_recordset(null::${stage(kind)}, ${JSON.stringify(rows)}::json)`);
  return [];
}

/** Indexes and statistics for the checks and the merge (temporary tables are never analysed on their own). */
export async function prepareStage(tx: Tx, kind: ErpImportKind): Promise<void> {
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
}

/**
 * Merges the stage into the shop's tables. `today` is the Amsterdam date (prices end the day
 * before). Stock merges in ranges of its own (erp-stock.repository.ts `mergeStock`).
 */
export async function merge(tx: Tx, kind: Exclude<ErpImportKind, 'stock'>, opts: { deactivateMissing: boolean; today: string; yesterday: string; stamp: FoodChangeStamp }): Promise<MergeCounts> {
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
}

/** The import's steps in SQL, as one object (the service and its tests take it as a dependency). */
export function createErpRepository() {
  return { lockImports, createStage, dropStage, stageRows, prepareStage, checkStage, merge };
}
