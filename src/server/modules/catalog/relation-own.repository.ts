import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogCounterValue } from '../../db/data-counters';
import { preparedPerHandle } from '../../db/prepared';
import type { AllergenChange } from '../../../shared/api/food';
import { SHOP_TIME_ZONE } from '../../../shared/delivery-date';
import { favorites, foodChangeNotices, foodChanges, quoteLines, quotes, relationVersions, variations } from '../../db/schema';
import { jsonList, type QuoteRow, todayParam } from './catalog.repository';

// What a relation has of its own in the catalogue: favourites, quotes and the food changes it is
// told of (split from catalog.repository.ts).

/** How long the product page shows a food change to the relations told of it (decision 024). */
export const FOOD_NOTICE_DAYS = 30;

export interface RelationOwnRow {
  /** The catalogue version and the relation's version, read in the same snapshot as the rest. */
  catalogVersion: number;
  relationVersion: number;
  /** The relation's favourites: product id and favourite uuid. */
  favorites: Array<{ productId: number; uuid: string }>;
  /** Per product with a line in one of the relation's quotes valid on the day: those quotes, each with its lines for the product. */
  quotes: Array<{ productId: number; quotes: QuoteRow[] }>;
  /** The food changes the relation is told of that are less than 30 days old on the day, newest first. */
  foodChanges: FoodChangeRow[];
}

export interface FoodChangeRow {
  productId: number;
  /** YYYY-MM-DD in the shop's time zone. */
  changedOn: string;
  ingredientsChanged: boolean;
  allergens: AllergenChange[];
}

const relationParam = sql`${sql.placeholder('relationId')}::int`;
/** The day of a food change in the shop's time zone. */
const changedOn = sql`(${foodChanges.changedAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date`;

/*
 * The same quotes a product showed when they were read per product: the relation's quotes valid
 * on the day that have a line for the product's variation, ordered by end date (open-ended last),
 * then id; each with its lines for that variation, by quantity, then id.
 */
const relationOwnQuery = preparedPerHandle((db) =>
  db
    .select({
      catalogVersion: catalogCounterValue('catalogue'),
      relationVersion: sql<number>`coalesce((select ${relationVersions.version} from ${relationVersions} where ${relationVersions.relationId} = ${relationParam}), 0)`.mapWith(Number),
      favorites: jsonList<{ productId: number; uuid: string }>(
        sql`select json_agg(json_build_object('productId', ${favorites.productId}, 'uuid', ${favorites.uuid}) order by ${favorites.id}) from ${favorites} where ${favorites.relationId} = ${relationParam}`,
      ),
      quotes: jsonList<{ productId: number; quotes: QuoteRow[] }>(sql`select json_agg(json_build_object('productId', per_product.product_id, 'quotes', per_product.quotes))
        from (
          select quoted.product_id, json_agg(json_build_object(
              'uuid', ${quotes.uuid}, 'label', ${quotes.label}, 'url', ${quotes.url}, 'validUntil', ${quotes.validUntil},
              'lines', (select json_agg(json_build_object(
                  'id', ${quoteLines.id}, 'variationId', ${quoteLines.variationId}, 'quoteCents', ${quoteLines.quotePriceCents},
                  'costCents', ${quoteLines.standardCostCents}, 'quantity', ${quoteLines.quantity},
                  'markupBasisPoints', ${quoteLines.markupBasisPoints}, 'remark', ${quoteLines.remark}, 'unitLabel', ${quoteLines.unitLabel}
                ) order by ${quoteLines.quantity}, ${quoteLines.id})
                from ${quoteLines} where ${quoteLines.quoteId} = ${quotes.id} and ${quoteLines.variationId} = quoted.variation_id)
            ) order by ${quotes.validUntil} nulls last, ${quotes.id}) as quotes
          from ${quotes}
          join (
            select distinct ${quoteLines.quoteId} as quote_id, ${variations.id} as variation_id, ${variations.productId} as product_id
            from ${quoteLines} join ${variations} on ${variations.id} = ${quoteLines.variationId}
          ) quoted on quoted.quote_id = ${quotes.id}
          where ${quotes.relationId} = ${relationParam}
            and (${quotes.validUntil} is null or ${quotes.validUntil} >= ${todayParam})
          group by quoted.product_id, quoted.variation_id
        ) per_product`),
      foodChanges: jsonList<FoodChangeRow>(sql`select json_agg(json_build_object(
            'productId', ${foodChanges.productId}, 'changedOn', to_char(${changedOn}, 'YYYY-MM-DD'),
            'ingredientsChanged', ${foodChanges.ingredientsChanged}, 'allergens', ${foodChanges.allergens}
          ) order by ${foodChanges.changedAt} desc, ${foodChanges.id} desc)
        from ${foodChangeNotices} join ${foodChanges} on ${foodChanges.id} = ${foodChangeNotices.foodChangeId}
        where ${foodChangeNotices.relationId} = ${relationParam} and ${changedOn} > ${todayParam} - ${sql.raw(String(FOOD_NOTICE_DAYS))}`),
    })
    .from(sql`(select 1) as one`)
    .prepare('catalog_relation_own'),
);

/** The relation's favourites, its quotes valid on the day and its food changes to show, per product: one statement. */
export async function findRelationOwn(db: DbOrTx, relationId: number, today: string): Promise<RelationOwnRow> {
  const [row] = await relationOwnQuery(db).execute({ relationId, today });
  if (!row) throw new Error('the relation query answered no row');
  return row;
}
