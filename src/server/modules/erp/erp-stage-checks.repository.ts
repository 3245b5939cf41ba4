import { sql } from 'drizzle-orm';
import type { ErpImportKind } from '../../../shared/api/erp';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { Tx } from '../../db/client';
import { checkFood } from './erp-food.repository';
import { checkDeposits, checkVatRates } from './erp-money.repository';
import { checkQuotes } from './erp-quotes.repository';
import { rowsOf } from './erp-sql.repository';
import { checkStock } from './erp-stock.repository';

/**
 * The stage check of an ERP import: problems only the whole file and the database can show,
 * each with its line, one named check per kind (`checkStage` picks it). At most `limit` rows of
 * each query are read.
 */

type StageCheck = (tx: Tx, limit: number) => Promise<ErpRowError[]>;

const stage = (kind: ErpImportKind) => sql.raw(`erp_stage_${kind}`);

/** Rows repeating the key of an earlier row: each named with the first row's line. */
async function duplicates(tx: Tx, kind: ErpImportKind, limit: number, keys: string, field: string, what: string): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ lines: number[] }>(
    tx,
    sql`select array_agg(line order by line) as lines from ${stage(kind)} group by ${sql.raw(keys)} having count(*) > 1 order by min(line) limit ${limit}`,
  );
  return rows.flatMap(({ lines }) => lines.slice(1).map((line) => ({ line, field, message: `repeats the ${what} of line ${lines[0]}` })));
}

/** Rows naming a relation the shop does not have (`optional`: rows may name none). */
async function unknownRelations(tx: Tx, kind: ErpImportKind, limit: number, optional = false): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ line: number; erp: string }>(
    tx,
    sql`select line, relation_erp_number as erp from ${stage(kind)} s
        where ${optional ? sql`relation_erp_number is not null and ` : sql``}not exists (select 1 from relations r where r.erp_number = s.relation_erp_number)
        order by line limit ${limit}`,
  );
  return rows.map((r) => ({ line: r.line, field: 'relation_erp_number', message: `relation ${r.erp} is not in the shop (import relations first)` }));
}

/** Parents neither in the file nor in the shop. */
async function unknownParentCategories(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ line: number; parent: string }>(
    tx,
    sql`select line, parent_erp_id as parent from erp_stage_categories s
        where parent_erp_id is not null
          and not exists (select 1 from erp_stage_categories p where p.erp_id = s.parent_erp_id)
          and not exists (select 1 from categories c where c.erp_id = s.parent_erp_id)
        order by line limit ${limit}`,
  );
  return rows.map((r) => ({ line: r.line, field: 'parent_erp_id', message: `names category "${r.parent}", which is neither in the file nor in the shop` }));
}

/** The tree as it would be after the import: a walk up from a row that comes back to it is a cycle. */
async function categoryCycles(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ line: number }>(
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
  return rows.map((r) => ({ line: r.line, field: 'parent_erp_id', message: 'makes the category its own ancestor' }));
}

const checkCategories: StageCheck = async (tx, limit) => [
  ...(await duplicates(tx, 'categories', limit, 'erp_id', 'erp_id', 'category')),
  ...(await unknownParentCategories(tx, limit)),
  ...(await categoryCycles(tx, limit)),
];

/** Article numbers of another product in the shop. */
async function skusOfOtherProducts(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ line: number; sku: string; owner: string }>(
    tx,
    sql`select s.line, s.sku, p.erp_id as owner from erp_stage_products s
        join variations v on v.sku = s.sku join products p on p.id = v.product_id
        where p.erp_id <> s.erp_id order by s.line limit ${limit}`,
  );
  return rows.map((r) => ({ line: r.line, field: 'sku', message: `article number ${r.sku} belongs to product ${r.owner}` }));
}

async function unknownProductCategories(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ line: number; category: string }>(
    tx,
    sql`select s.line, c as category from erp_stage_products s cross join lateral unnest(s.categories) c
        where not exists (select 1 from categories k where k.erp_id = c) order by s.line limit ${limit}`,
  );
  return rows.map((r) => ({ line: r.line, field: 'categories', message: `names category "${r.category}", which the shop does not have (import categories first)` }));
}

const checkProducts: StageCheck = async (tx, limit) => [
  ...(await duplicates(tx, 'products', limit, 'erp_id', 'erp_id', 'product')),
  ...(await duplicates(tx, 'products', limit, 'sku', 'sku', 'article number')),
  ...(await skusOfOtherProducts(tx, limit)),
  ...(await unknownProductCategories(tx, limit)),
];

const checkRelations: StageCheck = async (tx, limit) => {
  const errors = await duplicates(tx, 'relations', limit, 'erp_number', 'erp_number', 'relation');
  const unknown = await rowsOf<{ line: number; code: string }>(
    tx,
    sql`select line, pricelist as code from erp_stage_relations s where not exists (select 1 from price_lists l where l.code = s.pricelist) order by line limit ${limit}`,
  );
  return [...errors, ...unknown.map((r) => ({ line: r.line, field: 'price_list', message: `price list ${r.code} does not exist (import prices with its list_name first)` }))];
};

/** A relation's second (third, ...) default address. */
async function secondDefaultAddresses(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ lines: number[] }>(
    tx,
    sql`select array_agg(line order by line) as lines from erp_stage_delivery_addresses where is_default
        group by relation_erp_number having count(*) > 1 order by min(line) limit ${limit}`,
  );
  return rows.flatMap(({ lines }) => lines.slice(1).map((line) => ({ line, field: 'default', message: `is a second default address of the relation (line ${lines[0]} is one)` })));
}

const checkDeliveryAddresses: StageCheck = async (tx, limit) => [
  ...(await duplicates(tx, 'delivery_addresses', limit, 'relation_erp_number, erp_code', 'code', 'address (relation and code)')),
  ...(await unknownRelations(tx, 'delivery_addresses', limit)),
  ...(await secondDefaultAddresses(tx, limit)),
];

const checkUsers: StageCheck = async (tx, limit) => [
  ...(await duplicates(tx, 'users', limit, 'name_lower', 'name', 'login name')),
  ...(await unknownRelations(tx, 'users', limit, true)),
];

const checkInvoices: StageCheck = async (tx, limit) => [
  ...(await duplicates(tx, 'invoices', limit, 'invoice_number', 'invoice_number', 'invoice')),
  ...(await unknownRelations(tx, 'invoices', limit)),
];

/** Price lists neither in the shop nor created by the file (a row giving the list's name). */
async function unknownPriceLists(tx: Tx, limit: number): Promise<ErpRowError[]> {
  const rows = await rowsOf<{ line: number; code: string }>(
    tx,
    sql`select min(s.line) as line, s.list_code as code from erp_stage_prices s
        where not exists (select 1 from price_lists l where l.code = s.list_code)
          and not exists (select 1 from erp_stage_prices n where n.list_code = s.list_code and n.list_name is not null)
        group by s.list_code order by 1 limit ${limit}`,
  );
  return rows.map((r) => ({ line: r.line, field: 'list_code', message: `price list ${r.code} does not exist; give its list_name on one of its rows to create it` }));
}

const checkPrices: StageCheck = async (tx, limit) => {
  const errors = await duplicates(tx, 'prices', limit, 'list_code, sku, from_quantity, valid_from', 'from_quantity', 'price (list, article number, from quantity and valid from)');
  const unknownSku = await rowsOf<{ line: number; sku: string }>(tx, sql`select line, sku from erp_stage_prices where variation_id is null order by line limit ${limit}`);
  errors.push(...unknownSku.map((r) => ({ line: r.line, field: 'sku', message: `article number ${r.sku} is not in the shop (import products first)` })));
  return [...errors, ...(await unknownPriceLists(tx, limit))];
};

const STAGE_CHECKS: Record<ErpImportKind, StageCheck> = {
  categories: checkCategories,
  products: checkProducts,
  relations: checkRelations,
  delivery_addresses: checkDeliveryAddresses,
  users: checkUsers,
  invoices: checkInvoices,
  quotes: checkQuotes,
  food: checkFood,
  vat_rates: checkVatRates,
  deposits: checkDeposits,
  stock: checkStock,
  prices: checkPrices,
};

/** Problems only the whole file and the database can show, each with its line, in line order. */
export async function checkStage(tx: Tx, kind: ErpImportKind, limit: number): Promise<ErpRowError[]> {
  const errors = await STAGE_CHECKS[kind](tx, limit);
  return errors.sort((a, b) => a.line - b.line);
}
