// The search index's source for the demo catalogue at a scale, made in memory as the shop's demo
// data makes it (scripts/seed, the default seed) and read as search.repository.ts reads it from
// the database: for the scripts that measure the engine without a shop (bench-search-index.ts,
// search-compare.ts).
import type { SearchSource } from '../src/server/modules/search/search-index';
import { generateCatalogue } from './seed/catalogue';
import { DEFAULT_SEED } from './seed/demo-data';
import { createRandom } from './seed/random';

export function demoSearchSource(scale: number, today = '2026-11-25'): SearchSource {
  const rows = generateCatalogue(createRandom(DEFAULT_SEED).fork('catalogue'), scale, today);
  const variationOf = new Map(rows.variations.map((v) => [v.productId, v]));
  const documents = rows.products
    .filter((p) => p.active !== false && variationOf.get(p.id)?.active !== false)
    .map((p) => ({
      id: p.id,
      sku: variationOf.get(p.id)?.sku ?? '',
      ean: variationOf.get(p.id)?.ean ?? null,
      titleNl: p.titleNl,
      titleEn: p.titleEn,
      descriptionNl: p.descriptionNl ?? '',
      descriptionEn: p.descriptionEn ?? '',
      specificationsNl: p.specificationsNl ?? '',
      specificationsEn: p.specificationsEn ?? '',
    }))
    .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  return {
    documents,
    productCategories: rows.productCategories.map((r): [number, number] => [r.productId, r.categoryId]),
    categories: rows.categories.map((c) => ({ id: c.id, nameNl: c.nameNl, nameEn: c.nameEn, parentId: c.parentId })),
  };
}
