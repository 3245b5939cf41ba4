import {
  PRICE_REQUESTS_PER_PAGE,
  type PriceRequestFilter,
  type StaffPriceDeclineRequest,
  type StaffPriceQuoteRequest,
  type StaffPriceRequest,
  type StaffPriceRequestsResponse,
  webQuoteErpId,
} from '../../../shared/api/staff-price-requests';
import { amsterdamClock, formatDeliveryDate, isCalendarDay } from '../../../shared/delivery-date';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Actor } from '../../context/actor';
import { displayName } from '../../context/display-name';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { localized, textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { recordAudit } from '../audit/audit.service';
import { type UserCard, userCards, userContact } from '../auth/users.service';
import type { MailOutbox } from '../mail/mail-outbox.service';
import { declineMail, quoteMail, type AnswerMailBase } from './price-request-answer-mail';
import { STAFF_PRICE_REQUEST_MESSAGES as MESSAGES } from './staff-price-requests.messages';
import * as repo from './staff-price-requests.repository';

/*
 * The price requests inbox (issue 42, point 6). An answer is one transaction of named steps: lock
 * the request (404, or 409 once answered), check what the quote needs (a relation, an article),
 * store the quote as the ERP's quotes are stored (so the Better price dialog and the cart show and
 * apply it as they do those), mark the request answered, write the audit entry and the customer's
 * mail in their language. The mail goes after the commit (decision 033).
 */

export interface StaffPriceRequestDeps {
  outbox: MailOutbox;
  now: () => Date;
  shopName: string;
  publicUrl: string;
}

interface Ctx {
  db: Db;
  deps: StaffPriceRequestDeps;
}

/** The unit a quoted price is per: the piece's 'st.', else the sales unit's word (decision 029). */
const UNIT_LABELS: Record<string, string> = {
  piece: 'st.', pack: 'pak', case: 'doos', crate: 'krat', tray: 'tray', bag: 'zak', bottle: 'fles', can: 'blik', jar: 'pot', bucket: 'emmer', kg: 'kg', litre: 'liter',
};
const unitLabelOf = (salesUnit: string | null) => UNIT_LABELS[salesUnit ?? 'piece'] ?? 'st.';

const asLang = (code: string): Lang => (code === 'en' ? 'en' : 'nl');

const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

function viewOf(row: repo.InboxRow, cards: Map<number, UserCard>, now: Date, lang: Lang): StaffPriceRequest {
  const customer = cards.get(row.userId);
  const quote = row.quote;
  return {
    id: row.id,
    state: row.state,
    requested_at: row.createdAt.toISOString(),
    waiting_seconds: seconds(row.createdAt, row.answeredAt ?? now),
    quantity: row.quantity,
    langcode: asLang(row.langcode),
    customer: {
      name: customer?.name ?? '',
      display_name: customer ? displayName(customer) : '',
      mail: customer?.mail ?? '',
      relation: row.relation && { id: row.relation.uuid, drupal_internal__id: row.relation.id, name: row.relation.name, erp_number: row.relation.erpNumber },
    },
    product: { id: row.product.uuid, title: lang === 'en' ? row.product.titleEn : row.product.titleNl, sku: row.product.sku },
    answer: row.answeredAt && {
      at: row.answeredAt.toISOString(),
      by: row.answeredBy === null ? null : (cards.get(row.answeredBy)?.name ?? null),
      message: row.answerMessage,
      quote: quote && { erp_id: quote.erpId, price_per_unit_cents: quote.priceCents ?? 0, from_quantity: quote.fromQuantity ?? 1, valid_until: quote.validUntil },
    },
  };
}

async function viewsOf(db: DbOrTx, rows: repo.InboxRow[], now: Date, lang: Lang): Promise<StaffPriceRequest[]> {
  const cards = await userCards(db, rows.flatMap((row) => [row.userId, ...(row.answeredBy === null ? [] : [row.answeredBy])]));
  return rows.map((row) => viewOf(row, cards, now, lang));
}

/** GET /api/staff/price-requests: one tab of the inbox, with the counts of both. */
export async function listPriceRequests({ db, deps }: Ctx, query: { state: PriceRequestFilter; page: number }, lang: Lang): Promise<StaffPriceRequestsResponse> {
  const [rows, counts] = await Promise.all([
    repo.findInboxRows(db, { filter: query.state }, PRICE_REQUESTS_PER_PAGE, (query.page - 1) * PRICE_REQUESTS_PER_PAGE),
    repo.countInbox(db),
  ]);
  const count = query.state === 'open' ? counts.open : query.state === 'answered' ? counts.answered : counts.open + counts.answered;
  return {
    data: await viewsOf(db, rows, deps.now(), lang),
    meta: { count, page: query.page, per_page: PRICE_REQUESTS_PER_PAGE, state: query.state, open_count: counts.open, answered_count: counts.answered },
  };
}

async function oneRequest({ db, deps }: Ctx, id: number, lang: Lang): Promise<StaffPriceRequest> {
  const rows = await repo.findInboxRows(db, { id }, 1);
  const [view] = await viewsOf(db, rows, deps.now(), lang);
  if (!view) throw notFound(localized(MESSAGES, 'price_request_not_found', { id }), 'price_request_not_found');
  return view;
}

/** Check the day: a real one, today or later in Amsterdam. */
export function checkValidUntil(day: string, now: Date): void {
  const today = amsterdamClock(now).day;
  if (!isCalendarDay(day)) {
    const message = localized(MESSAGES, 'valid_until_not_a_day');
    throw badRequest('valid_until_not_a_day', message, [{ field: 'valid_until', message }]);
  }
  if (day < today) {
    const message = localized(MESSAGES, 'valid_until_past', { today: formatDeliveryDate(today) });
    throw badRequest('valid_until_past', message, [{ field: 'valid_until', message }]);
  }
}

/** Lock the request: 404 when there is none, 409 once it is answered. */
async function lockOpen(tx: Tx, id: number): Promise<repo.RequestToAnswer> {
  const request = await repo.lockRequest(tx, id);
  if (!request) throw notFound(localized(MESSAGES, 'price_request_not_found', { id }), 'price_request_not_found');
  if (request.state !== 'open') throw new AppError(409, 'price_request_answered', localized(MESSAGES, 'price_request_answered', { id, state: request.state }));
  return request;
}

/** Check what a quote needs: the customer's relation and an article of the product. */
function quoteTarget(request: repo.RequestToAnswer): { relationId: number; variationId: number } {
  if (request.relationId === null) throw new AppError(409, 'price_request_no_relation', localized(MESSAGES, 'price_request_no_relation'));
  if (request.variationId === null) throw new AppError(409, 'price_request_no_article', localized(MESSAGES, 'price_request_no_article'));
  return { relationId: request.relationId, variationId: request.variationId };
}

/** The customer's address and language, and what every answer mail says of the request. */
async function mailBase({ deps }: Ctx, tx: Tx, request: repo.RequestToAnswer, message: string | null): Promise<AnswerMailBase> {
  const contact = await userContact(tx, request.userId);
  const lang = asLang(contact.langcode);
  return {
    to: contact.mail,
    lang,
    shopName: deps.shopName,
    product: lang === 'en' ? request.titleEn : request.titleNl,
    sku: request.sku,
    quantity: request.quantity,
    productUrl: `${deps.publicUrl}/${lang}/assortment/${request.productUuid}`,
    message,
  };
}

async function enqueueMail(ctx: Ctx, tx: Tx, mail: MailMessage): Promise<number | null> {
  if (!mail.to) return null;
  const [id = null] = await ctx.deps.outbox.enqueue(tx, [{ kind: 'price_request_answer', ...mail }]);
  return id;
}

const answeredBy = (actor: Actor) => (actor.kind === 'user' ? actor.userId : null);

/** Mark it answered (409 should another answer have come first) and write the audit entry. */
async function storeAnswer(tx: Tx, request: repo.RequestToAnswer, actor: Actor, answer: Omit<Parameters<typeof repo.markAnswered>[2], 'by'>, after: object) {
  if (!(await repo.markAnswered(tx, request.id, { ...answer, by: answeredBy(actor) }))) {
    throw new AppError(409, 'price_request_answered', localized(MESSAGES, 'price_request_answered', { id: request.id, state: 'quoted' }));
  }
  await recordAudit(tx, actor, {
    entity: 'price_request',
    entityId: request.id,
    relationId: request.relationId,
    action: `price_request.${answer.state === 'quoted' ? 'quote' : 'decline'}`,
    before: { state: 'open' },
    after: { state: answer.state, message: answer.message, ...after },
    at: answer.at,
  });
}

/** POST /api/staff/price-requests/{id}/quote: a quote for the customer's relation, mailed to the customer. */
export async function quotePriceRequest(ctx: Ctx, id: number, body: StaffPriceQuoteRequest, actor: Actor, lang: Lang): Promise<StaffPriceRequest> {
  const at = ctx.deps.now();
  checkValidUntil(body.valid_until, at);
  const message = body.message ? body.message : null;
  const mailId = await ctx.db.transaction(async (tx) => {
    const request = await lockOpen(tx, id);
    const target = quoteTarget(request);
    const base = await mailBase(ctx, tx, request, message);
    const unitLabel = unitLabelOf(request.salesUnit);
    const erpId = webQuoteErpId(request.id);
    const quote = { priceCents: body.price_per_unit_cents, fromQuantity: body.from_quantity, validUntil: body.valid_until };
    const quoteId = await repo.insertWebQuote(tx, {
      erpId, ...target, ...quote, unitLabel, at, remark: message ?? '', label: textIn(base.lang, MESSAGES, 'quote_label', { id: request.id }),
    });
    await storeAnswer(tx, request, actor, { state: 'quoted', at, message, quoteId }, { quote: { erp_id: erpId, price_per_unit_cents: quote.priceCents, from_quantity: quote.fromQuantity, valid_until: quote.validUntil } });
    return enqueueMail(ctx, tx, quoteMail({ ...base, ...quote, unitLabel }));
  });
  // What the mail server does not take now, the outbox's job sends when it is back.
  if (mailId !== null) await ctx.deps.outbox.deliver([mailId]);
  return oneRequest(ctx, id, lang);
}

/** POST /api/staff/price-requests/{id}/decline: declined with a message the customer gets. */
export async function declinePriceRequest(ctx: Ctx, id: number, body: StaffPriceDeclineRequest, actor: Actor, lang: Lang): Promise<StaffPriceRequest> {
  const at = ctx.deps.now();
  const mailId = await ctx.db.transaction(async (tx) => {
    const request = await lockOpen(tx, id);
    const base = await mailBase(ctx, tx, request, body.message);
    await storeAnswer(tx, request, actor, { state: 'declined', at, message: body.message, quoteId: null }, {});
    return enqueueMail(ctx, tx, declineMail(base));
  });
  // What the mail server does not take now, the outbox's job sends when it is back.
  if (mailId !== null) await ctx.deps.outbox.deliver([mailId]);
  return oneRequest(ctx, id, lang);
}

export function createStaffPriceRequestService(db: Db, deps: StaffPriceRequestDeps) {
  const ctx: Ctx = { db, deps };
  return {
    list: (query: { state: PriceRequestFilter; page: number }, lang: Lang) => listPriceRequests(ctx, query, lang),
    quote: (id: number, body: StaffPriceQuoteRequest, actor: Actor, lang: Lang) => quotePriceRequest(ctx, id, body, actor, lang),
    decline: (id: number, body: StaffPriceDeclineRequest, actor: Actor, lang: Lang) => declinePriceRequest(ctx, id, body, actor, lang),
  };
}

export type StaffPriceRequestService = ReturnType<typeof createStaffPriceRequestService>;
