import { sql } from 'drizzle-orm';
import { ALLERGENS } from '../../../shared/api/food';
import type { Tx } from '../../db/client';
import { PLACED_STATES } from '../ordering/order-state';
import { countOf, writeIfAny } from './erp-sql.repository';

/**
 * What a food import announces (issue 19 point 6; decision 024). Run inside the import's
 * transaction before the food is written, so it compares the shop's food with the file's:
 * - a `food_changes` row per product whose ingredients (either language) or allergen levels the
 *   file changes, for products that had food information before (the first information a product
 *   gets is no change to announce); the same file again changes nothing and records nothing;
 * - a `food_change_notices` row per relation that bought the product in the 90 days before the
 *   change (placed or completed orders), which the product page shows for 30 days;
 * - a `food_change_mails` row per active customer user of those relations: the outbox, sent after
 *   the commit (food-change-mails.ts). Keys make a second row for the same change impossible.
 * A dry run or a refused file rolls all of it back with the rest.
 */

export interface FoodChangeStamp {
  /** The import's own id: one mail per user lists this import's changes. */
  importId: string;
  at: Date;
}

/** How long before a change a purchase makes the relation one to tell. */
export const BOUGHT_WITHIN_DAYS = 90;

/** The file's cells with the allergen's place in Annex II (for the order of the changes). */
const CELLS = sql.raw(`(values ${ALLERGENS.map((a, i) => `('${a}', s.allergen_${a}, ${i})`).join(', ')}) a(allergen, level, ord)`);
const ALLERGEN_CHANGES = sql`(select jsonb_agg(jsonb_build_object('allergen', a.allergen, 'from', pa.level, 'to', a.level) order by a.ord)
  from ${CELLS} left join product_allergens pa on pa.product_id = s.product_id and pa.allergen = a.allergen
  where pa.level is distinct from a.level)`;
const INGREDIENTS_CHANGED = sql`(f.ingredients_nl is distinct from s.ingredients_nl or f.ingredients_en is distinct from s.ingredients_en)`;

export async function recordFoodChanges(tx: Tx, stamp: FoodChangeStamp): Promise<Record<string, number>> {
  const at = stamp.at.toISOString();
  const changes = sql`select s.product_id, ${INGREDIENTS_CHANGED} as ingredients_changed, coalesce(${ALLERGEN_CHANGES}, '[]'::jsonb) as allergens
    from erp_stage_food s join product_food f on f.product_id = s.product_id`;
  const changed = sql`(${changes}) c where c.ingredients_changed or jsonb_array_length(c.allergens) > 0`;
  // Counted first: an insert of no rows would still bump the catalogue version (a statement trigger).
  const food_changes = await writeIfAny(
    tx,
    sql`select count(*)::int as n from ${changed}`,
    sql`insert into food_changes (product_id, import_id, changed_at, ingredients_changed, allergens)
        select c.product_id, ${stamp.importId}::uuid, ${at}::timestamptz, c.ingredients_changed, c.allergens from ${changed}`,
  );
  if (food_changes === 0) return {};
  const food_change_notices = await countOf(
    tx,
    sql`with w as (
          insert into food_change_notices (relation_id, food_change_id)
          select distinct o.relation_id, c.id
          from food_changes c
          join order_items i on i.product_id = c.product_id
          join orders o on o.id = i.order_id
          where c.import_id = ${stamp.importId}::uuid and o.state in (${sql.join(PLACED_STATES.map((s) => sql`${s}`), sql`, `)})
            and o.placed_at > ${at}::timestamptz - make_interval(days => ${BOUGHT_WITHIN_DAYS}) and o.placed_at <= ${at}::timestamptz
          on conflict do nothing
          returning 1)
        select count(*)::int as n from w`,
  );
  const food_change_mails = await countOf(
    tx,
    sql`with w as (
          insert into food_change_mails (import_id, user_id, relation_id)
          select distinct ${stamp.importId}::uuid, u.id, u.relation_id
          from users u
          join relations r on r.id = u.relation_id and r.active
          where u.active and 'customer' = any(u.roles) and u.mail <> ''
            and exists (select 1 from food_change_notices n join food_changes c on c.id = n.food_change_id
                        where n.relation_id = u.relation_id and c.import_id = ${stamp.importId}::uuid)
          on conflict do nothing
          returning 1)
        select count(*)::int as n from w`,
  );
  return { food_changes, food_change_notices, food_change_mails };
}
