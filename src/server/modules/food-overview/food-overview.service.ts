import { createHash } from 'node:crypto';
import { FOOD_OVERVIEW_TYPES, type FoodOverviewFormat, type FoodOverviewQuery } from '../../../shared/api/food-overview';
import { amsterdamClock } from '../../../shared/delivery-date';
import { type CacheBudget, stringBytes } from '../../cache-budget';
import type { Db, DbOrTx } from '../../db/client';
import { textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../../context/session';
import { requireCustomer } from '../../context/customer';
import { overviewRows, type Period, periodOf } from './food-overview';
import { FOOD_OVERVIEW_MESSAGES } from './food-overview.messages';
import * as repo from './food-overview.repository';
import * as catalog from '../catalog/catalog-sql.service';
import { type BoughtProduct, productsBoughtBetween } from '../ordering/ordering.service';
import { renderOverviewOffThread } from '../../workers/off-thread';
import type { OverviewDocument } from './overview-sheets';

export interface FoodOverviewDeps {
  shopName: string;
  now: () => Date;
  caches: CacheBudget;
  /** Draws the file; by default in a worker thread (workers/off-thread.ts). Tests count the drawings with it. */
  render?: (format: FoodOverviewFormat, doc: OverviewDocument) => Promise<Buffer>;
}

/** A file to download. */
export interface Download {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** What the relation bought in the period, and its name: read on every request. */
interface Purchases {
  relationName: string;
  purchased: BoughtProduct[];
}

/**
 * What names a rendered overview: the relation, format, language, period, day made and catalogue
 * version (product names, food information and allergens bump it: a food change makes another
 * key), and a digest of the purchases and the relation's name (an order placed since, a product
 * bought in another article number or a renamed relation: another key).
 */
export function overviewKey(relationId: number, format: FoodOverviewFormat, at: { lang: Lang; period: Period; madeOn: string; catalogVersion: number }, purchases: Purchases): string {
  const digest = createHash('sha256').update(JSON.stringify([purchases.relationName, purchases.purchased])).digest('base64url');
  return `${relationId}|${format}|${at.lang}|${at.period.from}|${at.period.to}|${at.madeOn}|${at.catalogVersion}|${digest}`;
}

/** A sixteenth (the budget's default) would refuse the CSV of a large relation; an eighth still keeps several apart. */
const LARGEST_REMEMBERED_SHARE = 1 / 8;

export function createFoodOverviewService(db: Db, deps: FoodOverviewDeps) {
  const render = deps.render ?? renderOverviewOffThread;
  /**
   * Rendered overviews (issue 39 point 4): rendering is the costly part of the request (the PDF
   * above all), and a kitchen that downloads again asks for the same overview. The purchases are
   * read on every request and the food texts at the session's catalogue version or newer (the
   * key is never newer than its file), so nothing stale is served.
   */
  const rendered = deps.caches.lru<string, Buffer>('foodOverviews', (body, key) => body.byteLength + stringBytes(key), { maxEntryShare: LARGEST_REMEMBERED_SHARE });

  async function readPurchases(tx: DbOrTx, relationId: number, period: Period): Promise<Purchases> {
    const purchased = await productsBoughtBetween(tx, relationId, period.start, period.end);
    return { relationName: await repo.findRelationName(tx, relationId), purchased };
  }

  /** The document of the purchases: their food texts and allergens in the language. */
  async function readDocument(tx: DbOrTx, { relationName, purchased }: Purchases, at: { lang: Lang; period: Period; madeOn: string }): Promise<OverviewDocument> {
    const ids = purchased.map((p) => p.productId);
    const texts = await catalog.findFoodTexts(tx, ids);
    const levels = await catalog.findAllergens(tx, ids);
    return { lang: at.lang, shopName: deps.shopName, relationName, period: at.period, madeOn: at.madeOn, rows: overviewRows(purchased, texts, levels, at.lang) };
  }

  return {
    /**
     * GET /food-overview: the allergens and ingredients of what the caller's own relation bought
     * in the period, as a PDF, CSV or workbook in the caller's language. Customers with a relation
     * only; the relation is always the session's, never one named in the request. An overview
     * rendered before for the same key is served again.
     */
    async download(query: FoodOverviewQuery, session: ActiveSession, lang: Lang): Promise<Download> {
      const customer = requireCustomer(session);
      const now = deps.now();
      const period = periodOf(query, now);
      const at = { lang, period, madeOn: amsterdamClock(now).day, catalogVersion: session.versions.catalog };
      const read = await db.transaction(async (tx): Promise<{ key: string; known: Buffer } | { key: string; doc: OverviewDocument }> => {
        const purchases = await readPurchases(tx, customer.relationId, period);
        const key = overviewKey(customer.relationId, query.format, at, purchases);
        const known = rendered.get(key);
        return known !== undefined ? { key, known } : { key, doc: await readDocument(tx, purchases, at) };
      });
      let body: Buffer;
      if ('known' in read) {
        body = read.known;
      } else {
        body = await render(query.format, read.doc);
        rendered.set(read.key, body);
      }
      const fileName = `${textIn(lang, FOOD_OVERVIEW_MESSAGES, 'file_name')}-${period.from}-${period.to}.${query.format}`;
      return { body, contentType: FOOD_OVERVIEW_TYPES[query.format], fileName };
    },
  };
}

export type FoodOverviewService = ReturnType<typeof createFoodOverviewService>;
