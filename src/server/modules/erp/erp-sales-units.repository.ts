import { sql } from 'drizzle-orm';
import type { ProductRow } from '../../../shared/api/erp';
import type { Tx } from '../../db/client';
import { writeIfAny } from './erp-sql.repository';

/**
 * The sales unit of a products row (decision 029): staged with the product, written to its
 * variation (the article number of the row) after the products merge made or moved it.
 */

export const SALES_UNIT_STAGE_COLUMNS = 'sales_unit text not null, unit_content_nl text, unit_content_en text, pieces_per_unit int, order_multiple int not null';

export const salesUnitStageFields = (row: ProductRow) => ({
  sales_unit: row.sales_unit,
  unit_content_nl: row.unit_content_nl ?? null,
  unit_content_en: row.unit_content_en ?? null,
  pieces_per_unit: row.pieces_per_unit ?? null,
  order_multiple: row.order_multiple,
});

const FIELDS = ['sales_unit', 'unit_content_nl', 'unit_content_en', 'pieces_per_unit', 'order_multiple'] as const;

/** The variation `v` has another sales unit than the staged row `s` gives. */
export const salesUnitDiffers = sql.raw(`(${FIELDS.map((f) => `v.${f}`).join(', ')}) is distinct from (${FIELDS.map((f) => `s.${f}`).join(', ')})`);

/** Writes the staged sales units to the variations of their article numbers; answers the rows written. */
export function mergeSalesUnits(tx: Tx): Promise<number> {
  return writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_products s join variations v on v.sku = s.sku where ${salesUnitDiffers}`,
    sql`update variations v set ${sql.raw(FIELDS.map((f) => `${f} = s.${f}`).join(', '))} from erp_stage_products s where v.sku = s.sku and ${salesUnitDiffers}`,
  );
}
