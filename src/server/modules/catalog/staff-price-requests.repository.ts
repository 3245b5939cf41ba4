import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PriceRequestFilter, PriceRequestState } from '../../../shared/api/staff-price-requests';
import type { DbOrTx, Tx } from '../../db/client';
import { priceRequests, products, quoteLines, quotes, relations, variations } from '../../db/schema';

/** The price requests inbox (issue 42, point 6): the catalogue's own table, with its product, relation and quote. */

export interface InboxRow {
  id: number;
  state: PriceRequestState;
  userId: number;
  quantity: number;
  langcode: string;
  createdAt: Date;
  answeredAt: Date | null;
  answeredBy: number | null;
  answerMessage: string | null;
  product: { uuid: string; titleNl: string; titleEn: string; sku: string };
  relation: { uuid: string; id: number; name: string; erpNumber: string } | null;
  quote: { erpId: string; validUntil: string | null; priceCents: number | null; fromQuantity: number | null } | null;
}

const stateFilter = (filter: PriceRequestFilter): SQL | undefined =>
  filter === 'open' ? eq(priceRequests.state, 'open') : filter === 'answered' ? ne(priceRequests.state, 'open') : undefined;

/** The product's first article number (a product has one variation in practice). */
const firstSku = sql<string>`coalesce((select ${variations.sku} from ${variations} where ${variations.productId} = ${products.id} order by ${variations.active} desc, ${variations.id} limit 1), '')`;
/** A quote made from a request has one line: its price and from-quantity. */
const quoteLine = (column: SQL) => sql<number | null>`(select ${column} from ${quoteLines} where ${quoteLines.quoteId} = ${quotes.id} order by ${quoteLines.id} limit 1)`;

/** One page of the inbox (or the one request `id`): open ones oldest first, then answered ones latest answer first. */
export async function findInboxRows(db: DbOrTx, which: { filter: PriceRequestFilter } | { id: number }, limit: number, offset = 0): Promise<InboxRow[]> {
  const rows = await db
    .select({
      id: priceRequests.id,
      state: priceRequests.state,
      userId: priceRequests.userId,
      quantity: priceRequests.quantity,
      langcode: priceRequests.langcode,
      createdAt: priceRequests.createdAt,
      answeredAt: priceRequests.answeredAt,
      answeredBy: priceRequests.answeredBy,
      answerMessage: priceRequests.answerMessage,
      product: { uuid: products.uuid, titleNl: products.titleNl, titleEn: products.titleEn, sku: firstSku },
      relationUuid: relations.uuid,
      relationId: relations.id,
      relationName: relations.name,
      relationErpNumber: relations.erpNumber,
      quoteErpId: quotes.erpId,
      quoteValidUntil: quotes.validUntil,
      quotePriceCents: quoteLine(sql`${quoteLines.quotePriceCents}`),
      quoteFromQuantity: quoteLine(sql`${quoteLines.quantity}`),
    })
    .from(priceRequests)
    .innerJoin(products, eq(products.id, priceRequests.productId))
    .leftJoin(relations, eq(relations.id, priceRequests.relationId))
    .leftJoin(quotes, eq(quotes.id, priceRequests.quoteId))
    .where('id' in which ? eq(priceRequests.id, which.id) : stateFilter(which.filter))
    .orderBy(
      sql`(${priceRequests.state} <> 'open')`,
      asc(sql`case when ${priceRequests.state} = 'open' then ${priceRequests.createdAt} end`),
      desc(priceRequests.answeredAt),
      asc(priceRequests.id),
    )
    .limit(limit)
    .offset(offset);
  return rows.map(({ relationUuid, relationId, relationName, relationErpNumber, quoteErpId, quoteValidUntil, quotePriceCents, quoteFromQuantity, ...row }) => ({
    ...row,
    relation: relationUuid === null || relationId === null ? null : { uuid: relationUuid, id: relationId, name: relationName ?? '', erpNumber: relationErpNumber ?? '' },
    quote: quoteErpId === null ? null : { erpId: quoteErpId, validUntil: quoteValidUntil, priceCents: quotePriceCents, fromQuantity: quoteFromQuantity },
  }));
}

/** How many requests are open and how many answered (the tabs' counts). */
export async function countInbox(db: DbOrTx): Promise<{ open: number; answered: number }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${priceRequests.state} = 'open')::int`,
      answered: sql<number>`count(*) filter (where ${priceRequests.state} <> 'open')::int`,
    })
    .from(priceRequests);
  return { open: row?.open ?? 0, answered: row?.answered ?? 0 };
}

export interface RequestToAnswer {
  id: number;
  state: PriceRequestState;
  userId: number;
  relationId: number | null;
  quantity: number;
  langcode: string;
  createdAt: Date;
  productId: number;
  productUuid: string;
  titleNl: string;
  titleEn: string;
  /** The article the quote is for (the product's first sellable one); null: it has none. */
  variationId: number | null;
  sku: string;
  salesUnit: string | null;
}

/** Lock: the request, held until the transaction ends, so two staff users cannot both answer it; undefined when there is none. */
export async function lockRequest(tx: Tx, id: number): Promise<RequestToAnswer | undefined> {
  const [row] = await tx
    .select({
      id: priceRequests.id,
      state: priceRequests.state,
      userId: priceRequests.userId,
      relationId: priceRequests.relationId,
      quantity: priceRequests.quantity,
      langcode: priceRequests.langcode,
      createdAt: priceRequests.createdAt,
      productId: products.id,
      productUuid: products.uuid,
      titleNl: products.titleNl,
      titleEn: products.titleEn,
    })
    .from(priceRequests)
    .innerJoin(products, eq(products.id, priceRequests.productId))
    .where(eq(priceRequests.id, id))
    .for('update', { of: priceRequests });
  if (!row) return undefined;
  const [variation] = await tx
    .select({ id: variations.id, sku: variations.sku, salesUnit: variations.salesUnit })
    .from(variations)
    .where(eq(variations.productId, row.productId))
    .orderBy(desc(variations.active), asc(variations.id))
    .limit(1);
  return { ...row, variationId: variation?.id ?? null, sku: variation?.sku ?? '', salesUnit: variation?.salesUnit ?? null };
}

export interface NewWebQuote {
  erpId: string;
  relationId: number;
  label: string;
  validUntil: string;
  variationId: number;
  priceCents: number;
  fromQuantity: number;
  remark: string;
  unitLabel: string;
  at: Date;
}

/**
 * The quote of an answer, stored as the ERP's quotes are: a head and one line. A quote the ERP
 * sent under that erpId already (it may name ours) makes way for the answer.
 */
export async function insertWebQuote(tx: Tx, quote: NewWebQuote): Promise<number> {
  await tx.delete(quotes).where(eq(quotes.erpId, quote.erpId));
  const [head] = await tx
    .insert(quotes)
    .values({ erpId: quote.erpId, relationId: quote.relationId, label: quote.label, url: null, validUntil: quote.validUntil, createdAt: quote.at })
    .returning({ id: quotes.id });
  if (!head) throw new Error('quote was not stored');
  await tx.insert(quoteLines).values({
    quoteId: head.id,
    variationId: quote.variationId,
    quotePriceCents: quote.priceCents,
    quantity: quote.fromQuantity,
    remark: quote.remark,
    unitLabel: quote.unitLabel,
  });
  return head.id;
}

/** Store the answer on an open request; false when it was answered meanwhile. */
export async function markAnswered(
  tx: Tx,
  id: number,
  answer: { state: Exclude<PriceRequestState, 'open'>; at: Date; by: number | null; message: string | null; quoteId: number | null },
): Promise<boolean> {
  const rows = await tx
    .update(priceRequests)
    .set({ state: answer.state, answeredAt: answer.at, answeredBy: answer.by, answerMessage: answer.message, quoteId: answer.quoteId })
    .where(and(eq(priceRequests.id, id), eq(priceRequests.state, 'open')))
    .returning({ id: priceRequests.id });
  return rows.length === 1;
}
