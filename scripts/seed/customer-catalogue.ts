import type * as schema from '../../src/server/db/schema';
import { addDays, type CatalogueRows } from './catalogue';
import type { CustomerRows } from './customers';
import type { Random } from './random';

export type FavoriteRow = typeof schema.favorites.$inferInsert & { id: number };
export type QuoteRow = typeof schema.quotes.$inferInsert & { id: number };
export type QuoteLineRow = typeof schema.quoteLines.$inferInsert & { id: number };

export interface CustomerCatalogueRows {
  favorites: FavoriteRow[];
  quotes: QuoteRow[];
  quoteLines: QuoteLineRow[];
}

/** The demo account `demo` (relation 1) always has quotes and an order list. */
const DEMO_RELATION = 1;

const remarks: readonly string[] = [
  'Bij afname per doos',
  'Prijs geldt bij vaste afname per week',
  'Actieprijs seizoen',
  'Inclusief gratis proefverpakking',
  '',
  '',
];

/**
 * Quotes and order lists per relation. `demo` gets two quotes whose lines name products on the
 * first page of the assortment (so the quote icon shows there) and six favourites; about one in
 * five other relations get a quote, about half of them an order list.
 */
export function generateCustomerCatalogue(rng: Random, customers: CustomerRows, catalogue: CatalogueRows, today: string): CustomerCatalogueRows {
  const rows: CustomerCatalogueRows = { favorites: [], quotes: [], quoteLines: [] };
  const uuids = rng.fork('uuids');
  // Today's STANDAARD price from one piece: quotes undercut it.
  const basePrice = new Map<number, number>();
  for (const p of catalogue.prices) {
    if (p.pricelist === 'STANDAARD' && p.minQuantity === 1 && (p.validFrom ?? '') <= today) basePrice.set(p.variationId, p.unitPriceCents);
  }
  const variations = [...catalogue.variations].sort((a, b) => a.sku.localeCompare(b.sku));

  const addQuote = (relationId: number, number: number, picks: readonly { id: number }[]) => {
    const quote: QuoteRow = {
      id: rows.quotes.length + 1,
      uuid: uuids.uuid(),
      erpId: `Q-2026-${String(number).padStart(4, '0')}`,
      relationId,
      label: `Offerte Q-2026-${String(number).padStart(4, '0')}`,
      url: null,
      validUntil: addDays(today, rng.int(30, 120)),
      createdAt: new Date(`${addDays(today, -rng.int(3, 40))}T09:00:00Z`),
    };
    rows.quotes.push(quote);
    for (const variation of picks) {
      const base = basePrice.get(variation.id);
      if (base === undefined) continue;
      const quantity = rng.pick([6, 12, 24, 48]);
      const quotePrice = Math.max(50, Math.round((base * (0.82 + rng.next() * 0.1)) / 5) * 5);
      const cost = Math.round(quotePrice / (1.1 + rng.next() * 0.15));
      rows.quoteLines.push({
        id: rows.quoteLines.length + 1,
        quoteId: quote.id,
        variationId: variation.id,
        quotePriceCents: quotePrice,
        standardCostCents: cost,
        quantity,
        markupBasisPoints: Math.round(((quotePrice - cost) / cost) * 10_000),
        remark: rng.pick(remarks),
        unitLabel: 'st.',
      });
    }
  };
  const addFavorites = (relationId: number, userId: number | null, picks: readonly { productId: number }[]) => {
    for (const v of picks) {
      rows.favorites.push({ id: rows.favorites.length + 1, uuid: uuids.uuid(), relationId, productId: v.productId, userId, createdAt: new Date(`${addDays(today, -rng.int(1, 200))}T10:00:00Z`) });
    }
  };

  // demo: quote lines on the first, third and fifth article of page one, and a second quote further on.
  const firstPage = variations.slice(0, 15);
  let quoteNumber = 140;
  addQuote(DEMO_RELATION, quoteNumber++, [firstPage[0], firstPage[2], firstPage[4]].filter((v) => v !== undefined));
  addQuote(DEMO_RELATION, quoteNumber++, [firstPage[2], ...rng.sample(variations.slice(15), 3)].filter((v) => v !== undefined));
  const demoUser = customers.users.find((u) => u.relationId === DEMO_RELATION)?.id ?? null;
  addFavorites(DEMO_RELATION, demoUser, [firstPage[1], ...rng.sample(variations.slice(15), 5)].filter((v) => v !== undefined));

  for (const relation of customers.relations) {
    if (relation.id <= 4) continue; // the other demo relations start without quotes and order lists
    const userId = customers.users.find((u) => u.relationId === relation.id)?.id ?? null;
    if (rng.chance(0.2)) addQuote(relation.id, quoteNumber++, rng.sample(variations, rng.int(2, 4)));
    if (rng.chance(0.5)) addFavorites(relation.id, userId, rng.sample(variations, rng.int(2, 12)));
  }
  return rows;
}
