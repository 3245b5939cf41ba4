import type * as schema from '../../src/server/db/schema';
import { webQuoteErpId } from '../../src/shared/api/staff-price-requests';
import { addDays, type CatalogueRows } from './catalogue';
import type { CustomerCatalogueRows } from './customer-catalogue';
import type { CustomerRows, UserRow } from './customers';
import type { Random } from './random';

export type PriceRequestRow = typeof schema.priceRequests.$inferInsert & { id: number };

export interface PriceRequestRows {
  priceRequests: PriceRequestRow[];
}

const HOUR = 3600_000;

/** What the demo's requests ask: who, for which article (by its place in article number order), how many, how long ago. */
interface Ask {
  user: UserRow;
  article: number;
  quantity: number;
  hoursAgo: number;
}

/**
 * The price requests inbox's demo (issue 42, point 6): open requests of demo, demo-en and grooth
 * (grooth's for articles its price list has no price for, 'Price on request'), waiting from hours
 * to days; and two of generated customers answered by the order desk, one with a quote (WEB-PR-<id>,
 * appended to the quotes, valid for two more months) and one declined. The answered ones are of
 * other relations than the demo accounts', so the demo accounts' quotes stay as they are.
 */
export function generatePriceRequests(rng: Random, customers: CustomerRows, catalogue: CatalogueRows, own: CustomerCatalogueRows, loadedAt: string, today: string): PriceRequestRows {
  const rows: PriceRequestRows = { priceRequests: [] };
  const at = Date.parse(loadedAt);
  const user = (name: string) => customers.users.find((u) => u.name === name);
  const variations = [...catalogue.variations].sort((a, b) => a.sku.localeCompare(b.sku));
  const groothPriced = new Set(catalogue.prices.filter((p) => p.pricelist === 'GROOTH').map((p) => p.variationId));
  const onRequest = variations.filter((v) => !groothPriced.has(v.id));
  const standard = new Map(catalogue.prices.filter((p) => p.pricelist === 'STANDAARD' && !p.validFrom).map((p) => [p.variationId, p.unitPriceCents]));

  const add = (ask: Ask, variation = variations[ask.article % variations.length]!) => {
    const row: PriceRequestRow = {
      id: rows.priceRequests.length + 1,
      userId: ask.user.id,
      relationId: ask.user.relationId ?? null,
      productId: variation.productId,
      quantity: ask.quantity,
      langcode: ask.user.langcode ?? 'nl',
      createdAt: new Date(at - ask.hoursAgo * HOUR),
      state: 'open',
      answeredAt: null,
      answeredBy: null,
      quoteId: null,
      answerMessage: null,
    };
    rows.priceRequests.push(row);
    return { row, variation };
  };

  const [demo, demoEn, grooth] = [user('demo'), user('demo-en'), user('grooth')];
  if (demo) add({ user: demo, article: 20, quantity: 120, hoursAgo: 3 });
  if (demoEn) add({ user: demoEn, article: 31, quantity: 48, hoursAgo: 27 });
  if (grooth) {
    add({ user: grooth, article: 0, quantity: 6, hoursAgo: 52 }, onRequest[1] ?? variations[0]);
    add({ user: grooth, article: 0, quantity: 24, hoursAgo: 98 }, onRequest[2] ?? variations[1]);
  }

  // Two generated customers' requests the order desk answered.
  const deskUser = user('orderdesk');
  const generated = customers.users.filter((u) => (u.relationId ?? 0) > 4 && (u.roles ?? []).includes('customer'));
  const [quotedBy, declinedBy] = [generated[0], generated.find((u) => u.relationId !== generated[0]?.relationId)];
  if (quotedBy && deskUser) {
    const { row, variation } = add({ user: quotedBy, article: 40, quantity: 36, hoursAgo: 6 * 24 });
    const quoteId = own.quotes.length + 1;
    const base = standard.get(variation.id) ?? 1000;
    const remark = row.langcode === 'en' ? 'When you take a case a week' : 'Bij afname van een doos per week';
    own.quotes.push({
      id: quoteId,
      uuid: rng.uuid(),
      erpId: webQuoteErpId(row.id),
      relationId: quotedBy.relationId!,
      label: row.langcode === 'en' ? `Quote for your price request ${row.id}` : `Offerte op je prijsaanvraag ${row.id}`,
      url: null,
      validUntil: addDays(today, 60),
      createdAt: new Date(at - 5 * 24 * HOUR),
    });
    own.quoteLines.push({ id: own.quoteLines.length + 1, quoteId, variationId: variation.id, quotePriceCents: Math.max(50, Math.round((base * 0.88) / 5) * 5), quantity: 24, standardCostCents: 0, markupBasisPoints: 0, remark, unitLabel: 'st.' });
    Object.assign(row, { state: 'quoted', answeredAt: new Date(at - 5 * 24 * HOUR), answeredBy: deskUser.id, quoteId, answerMessage: remark });
  }
  if (declinedBy && deskUser) {
    const { row } = add({ user: declinedBy, article: 55, quantity: 4, hoursAgo: 3 * 24 });
    const message = row.langcode === 'en' ? 'For so few, the list price is our best price already.' : 'Voor zo’n klein aantal is de lijstprijs al onze scherpste prijs.';
    Object.assign(row, { state: 'declined', answeredAt: new Date(at - 2 * 24 * HOUR), answeredBy: deskUser.id, answerMessage: message });
  }
  return rows;
}
