import type { AllergenChange } from '../../../shared/api/food';
import { amsterdamClock, formatDeliveryDate } from '../../../shared/delivery-date';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { speakerIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { FOOD_OVERVIEW_MESSAGES } from '../food-overview/food-overview.messages';
import type { MailOutbox } from '../mail/mail-outbox.service';
import { FOOD_CHANGE_MESSAGES } from './food-change.messages';
import * as repo from './food-change-mails.repository';

export interface FoodChangeMailDeps {
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  now: () => Date;
}

/** How often the job hands over what an import left (one from the command line). */
export const FOOD_CHANGE_MAILS_EVERY_MS = 60_000;
/** At most this many mails per transaction. */
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
 * Hands the food change mails to the mail outbox (decisions 024 and 033): after an import's commit
 * its own mails, written and sent right away; and every minute (a job) what is left, e.g. of an
 * import by the command line. A batch of rows is locked, written to the outbox and marked in one
 * transaction, so two instances never write the same mail, and no transaction waits for the mail
 * server. A mail whose user left or whose changes are all gone is marked without a mail.
 */
export function createFoodChangeMails(db: Db, deps: FoodChangeMailDeps) {
  /** Step: one batch handed over; answers how many rows it took and the outbox's mail ids. */
  function handOverBatch(importId: string | null): Promise<{ taken: number; mailIds: number[] }> {
    return db.transaction(async (tx) => {
      const ids = await repo.lockMailsToHandOver(tx, { importId, limit: BATCH });
      const messages = [];
      for (const id of ids) {
        const row = await repo.findFoodChangeMail(tx, id);
        if (row?.active && row.changes.length > 0) messages.push({ kind: 'food_change' as const, ...foodChangeMail(row, deps) });
      }
      const mailIds = await deps.outbox.enqueue(tx, messages);
      await repo.markHandedOver(tx, ids, deps.now());
      return { taken: ids.length, mailIds };
    });
  }

  /** Every mail not handed over yet (of one import, when named); answers the outbox's mail ids. */
  async function handOver(importId: string | null = null): Promise<number[]> {
    const mailIds: number[] = [];
    for (;;) {
      const batch = await handOverBatch(importId);
      mailIds.push(...batch.mailIds);
      if (batch.taken < BATCH) return mailIds;
    }
  }

  return {
    handOver,
    /** After an import's commit: its mails handed over and sent right away; `failed` counts those not sent now. */
    async send(importId: string): Promise<{ sent: number; failed: number }> {
      const ids = await handOver(importId);
      const run = await deps.outbox.deliver(ids);
      return { sent: run.sent, failed: ids.length - run.sent };
    },
  };
}

export type FoodChangeMails = ReturnType<typeof createFoodChangeMails>;
