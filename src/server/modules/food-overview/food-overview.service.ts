import { FOOD_OVERVIEW_TYPES, type FoodOverviewQuery } from '../../../shared/api/food-overview';
import { amsterdamClock } from '../../../shared/delivery-date';
import type { Db } from '../../db/client';
import { textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import type { ActiveSession } from '../auth/session.service';
import { requireCustomer } from '../catalog/customer';
import { overviewRows, periodOf } from './food-overview';
import { FOOD_OVERVIEW_MESSAGES } from './food-overview.messages';
import * as repo from './food-overview.repository';
import { renderOverviewOffThread } from '../../workers/off-thread';
import type { OverviewDocument } from './overview-sheets';

export interface FoodOverviewDeps {
  shopName: string;
  now: () => Date;
}

/** A file to download. */
export interface Download {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export function createFoodOverviewService(db: Db, deps: FoodOverviewDeps) {
  return {
    /**
     * GET /food-overview: the allergens and ingredients of what the caller's own relation bought
     * in the period, as a PDF, CSV or workbook in the caller's language. Customers with a relation
     * only; the relation is always the session's, never one named in the request.
     */
    async download(query: FoodOverviewQuery, session: ActiveSession, lang: Lang): Promise<Download> {
      const customer = requireCustomer(session);
      const now = deps.now();
      const period = periodOf(query, now);
      const { relationName, rows } = await db.transaction(async (tx) => {
        const purchased = await repo.findPurchasedProducts(tx, customer.relationId, period.start, period.end);
        const ids = purchased.map((p) => p.productId);
        const texts = await repo.findFoodTexts(tx, ids);
        const levels = await repo.findAllergens(tx, ids);
        return { relationName: await repo.findRelationName(tx, customer.relationId), rows: overviewRows(purchased, texts, levels, lang) };
      });
      const doc: OverviewDocument = { lang, shopName: deps.shopName, relationName, period, madeOn: amsterdamClock(now).day, rows };
      const body = await renderOverviewOffThread(query.format, doc);
      const fileName = `${textIn(lang, FOOD_OVERVIEW_MESSAGES, 'file_name')}-${period.from}-${period.to}.${query.format}`;
      return { body, contentType: FOOD_OVERVIEW_TYPES[query.format], fileName };
    },
  };
}

export type FoodOverviewService = ReturnType<typeof createFoodOverviewService>;
