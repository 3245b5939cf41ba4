import type { AllergenChange } from '../../../shared/api/food';
import { amsterdamClock, formatDeliveryDate } from '../../../shared/delivery-date';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { speakerIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { FOOD_OVERVIEW_MESSAGES } from '../food-overview/food-overview.messages';
import { FOOD_CHANGE_MESSAGES } from './food-change.messages';
import * as repo from './food-change-mails.repository';

export interface FoodChangeMailDeps {
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  now: () => Date;
  log: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

/** How often the job sends what an import could not, and how long a taken mail is left alone. */
export const FOOD_CHANGE_MAILS_EVERY_MS = 60_000;
/** At most this many mails per claim. */
const BATCH = 100;

/** An allergen change in words: "Milk: was ‘free of’, now ‘contains’." */
export function allergenChangeText(lang: Lang, change: AllergenChange): string {
  const words = speakerIn(lang, FOOD_OVERVIEW_MESSAGES);
  const level = (l: AllergenChange['from']) => (l === null ? words('unknown') : words(l));
  return speakerIn(lang, FOOD_CHANGE_MESSAGES)('allergen_changed', { allergen: words(`allergen_${change.allergen}`), from: level(change.from), to: level(change.to) });
}

/** The mail of one user and import: every changed product with what changed and a link to it. */
export function foodChangeMail(row: repo.FoodChangeMailRow, deps: Pick<FoodChangeMailDeps, 'publicUrl' | 'shopName'>): MailMessage {
  const lang: Lang = row.langcode === 'en' ? 'en' : 'nl';
  const t = speakerIn(lang, FOOD_CHANGE_MESSAGES);
  const name = [row.firstname, row.surnamePrefix, row.surname].filter(Boolean).join(' ') || row.name;
  const title = (c: repo.FoodChangeMailRow['changes'][number]) => (lang === 'en' ? c.titleEn : c.titleNl);
  const changes = [...row.changes].sort((a, b) => title(a).localeCompare(title(b), lang));
  const day = changes[0] ? formatDeliveryDate(amsterdamClock(changes[0].changedAt).day) : '';
  const blocks = changes.map((c) =>
    [
      `${title(c)}${c.sku ? ` (${t('article', { sku: c.sku })})` : ''}`,
      ...(c.ingredientsChanged ? [`- ${t('ingredients_changed')}`] : []),
      ...c.allergens.map((a) => `- ${allergenChangeText(lang, a)}`),
      `${t('view')}: ${deps.publicUrl}/${lang}/assortment/${c.productUuid}#food`,
    ].join('\n'),
  );
  return {
    to: row.mail,
    subject: t('subject', { shop: deps.shopName }),
    text: [t('greeting', { name }), '', t('intro', { day }), '', ...blocks.flatMap((b) => [b, '']), t('closing', { shop: deps.shopName })].join('\n'),
  };
}

/**
 * Sends the outbox of food change mails (decision 024): after an import's commit its own mails,
 * and every minute (a job) what is left, e.g. of an import by the command line or while the mail
 * server was away. A mail is claimed (committed) before it goes out and marked sent after, so no
 * transaction waits for the mail server and two instances never send the same mail; a crash
 * between sending and marking would send that one mail again, never none.
 */
export function createFoodChangeMails(db: Db, deps: FoodChangeMailDeps) {
  return {
    /** One run (of one import, when named); answers how many mails went out and how many failed. */
    async send(importId: string | null = null): Promise<{ sent: number; failed: number }> {
      const result = { sent: 0, failed: 0 };
      for (;;) {
        const now = deps.now();
        const ids = await repo.claimUnsentFoodChangeMails(db, { importId, now, attemptedBefore: new Date(now.getTime() - FOOD_CHANGE_MAILS_EVERY_MS), limit: BATCH });
        for (const [index, id] of ids.entries()) {
          const row = await repo.findFoodChangeMail(db, id);
          if (!row?.active || row.changes.length === 0) {
            // Nobody to tell any more (the user left, or the product is gone): done.
            await repo.markFoodChangeMailSent(db, id, deps.now());
            continue;
          }
          try {
            await deps.mailer.send(foodChangeMail(row, deps));
          } catch (err) {
            // The mail server is away: the rest waits for the job's next run.
            result.failed += ids.length - index;
            deps.log.error({ err, mailId: id, waiting: ids.length - index }, 'food change mail not sent; trying again in a minute');
            return result;
          }
          await repo.markFoodChangeMailSent(db, id, deps.now());
          result.sent += 1;
        }
        if (ids.length < BATCH) return result;
      }
    },
  };
}

export type FoodChangeMails = ReturnType<typeof createFoodChangeMails>;
