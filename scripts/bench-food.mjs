// Food information for the benchmark (issue 19 point 4): the demo data of this branch has none, so
// `npm run bench` gives every PostgreSQL bench database synthetic rows after the shop has seeded it,
// in two statements, and measures the product list with the food filters (`foodFilterPaths`).
// The spread is fixed by the product id: ~90 % of the products have food information; of those,
// every allergen is known for ~6 in 7 (contains, may contain or free), a third is vegan, and the
// storage types take turns. The triggers on both tables bump the catalogue version, so the
// running shop sees the rows at once.
import pg from 'pg';
import { listPath } from './bench-lib.mjs';

const ALLERGENS = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'];
const sqlList = (values) => values.map((v) => `'${v}'`).join(',');

/** Writes the synthetic food rows into the database at `url`; answers how many products got them. */
export async function seedFood(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const food = await client.query(`
      insert into product_food (product_id, diets, storage)
      select id,
        array_remove(array[
          case when id % 3 = 0 then 'vegan' end,
          case when id % 3 = 0 or id % 5 = 1 then 'vegetarian' end,
          case when id % 7 = 2 then 'gluten_free' end,
          case when id % 4 = 1 then 'organic' end,
          case when id % 11 = 3 then 'halal' end,
          case when id % 13 = 4 then 'kosher' end
        ], null)::text[],
        (array['ambient', 'ambient', 'chilled', 'frozen'])[1 + id % 4]
      from products where id % 10 <> 0
      on conflict (product_id) do nothing`);
    await client.query(`
      insert into product_allergens (product_id, allergen, level)
      select p.id, a.name, (array['contains', 'may_contain', 'free', 'free', 'free'])[1 + (p.id * 31 + a.ord * 17) % 5]
      from products p cross join unnest(array[${sqlList(ALLERGENS)}]::text[]) with ordinality as a(name, ord)
      where p.id % 10 <> 0 and (p.id + a.ord) % 7 <> 0
      on conflict do nothing`);
    await client.query('commit');
    return food.rowCount;
  } finally {
    await client.end();
  }
}

/**
 * Assortment pages with food filters as the web asks for them: 'without' sets with and without
 * strict, diets, storage types, alone and combined, on the whole assortment, in a category and
 * with a search, at a few pages; 15 per page.
 */
export function foodFilterPaths() {
  const withouts = ['', 'gluten', 'gluten,milk', 'milk', 'nuts,sesame', 'peanuts,nuts', 'eggs,milk,soybeans', 'mustard,celery', 'fish,crustaceans,molluscs'];
  const diets = ['', 'vegan', 'vegetarian', 'organic', 'vegan,organic', 'gluten_free'];
  const storages = ['', 'frozen', 'chilled', 'ambient', 'chilled,frozen'];
  const scopes = ['', '&filter[categories]=1', '&filter[categories]=2', '&filter[fulltext]=salsa', '&filter[fulltext]=tort'];
  const paths = [];
  for (let i = 0; i < 400; i++) {
    const without = withouts[i % withouts.length];
    const diet = diets[(i * 5) % diets.length];
    const storage = storages[(i * 3) % storages.length];
    if (!without && !diet && !storage) continue;
    const filters =
      (without ? `&filter[without]=${without}${i % 2 ? '&filter[without_strict]=1' : ''}` : '') +
      (diet ? `&filter[diet]=${diet}` : '') +
      (storage ? `&filter[storage]=${storage}` : '') +
      scopes[(i * 7) % scopes.length];
    paths.push(listPath(15 * (i % 4), 15, filters));
  }
  return paths;
}
