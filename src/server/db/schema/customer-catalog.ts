import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRICE_REQUEST_STATES } from '../../../shared/api/staff-price-requests';
import { idAndUuid, moment, refersTo, stamped } from './columns';
import { relations, users } from './accounts';
import { products, variations } from './catalog';

/** A product on a relation's order list (Drupal's favorite_product entity). Favourites belong to the relation. */
export const favorites = pgTable(
  'favorites',
  {
    ...idAndUuid(),
    relationId: refersTo('relation_id', () => relations.id, 'cascade'),
    productId: refersTo('product_id', () => products.id, 'cascade'),
    /** Who added it (null once that user is gone). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamped('created_at'),
  },
  (t) => [uniqueIndex('favorites_relation_product').on(t.relationId, t.productId), index('favorites_product').on(t.productId)],
);

/** A quote (offerte) of the wholesaler to one relation, from the ERP: better prices for some products. */
export const quotes = pgTable(
  'quotes',
  {
    ...idAndUuid(),
    erpId: text('erp_id').notNull().unique(),
    relationId: refersTo('relation_id', () => relations.id, 'cascade'),
    label: text('label').notNull(),
    /** A link to the quote document, when the ERP publishes one. */
    url: text('url'),
    validUntil: date('valid_until', { mode: 'string' }),
    createdAt: stamped('created_at'),
  },
  (t) => [index('quotes_relation').on(t.relationId)],
);

/** One product's better price in a quote (spec section 3, Quote productData). */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: refersTo('quote_id', () => quotes.id, 'cascade'),
    variationId: refersTo('variation_id', () => variations.id, 'cascade'),
    /** The quoted unit price. */
    quotePriceCents: integer('quote_price_cents').notNull(),
    /** The wholesaler's cost price the quote was made from. */
    standardCostCents: integer('standard_cost_cents').notNull().default(0),
    /** From this quantity on. */
    quantity: integer('quantity').notNull().default(1),
    /** Markup on the cost price in basis points (1250 = 12.5%). */
    markupBasisPoints: integer('markup_basis_points').notNull().default(0),
    remark: text('remark').notNull().default(''),
    unitLabel: text('unit_label').notNull().default('st.'),
  },
  (t) => [index('quote_lines_quote').on(t.quoteId), index('quote_lines_variation').on(t.variationId)],
);

/** Price requests sent to the sales department; also the memory that refuses repeats within a short window. */
export const priceRequests = pgTable(
  'price_requests',
  {
    id: serial('id').primaryKey(),
    userId: refersTo('user_id', () => users.id, 'cascade'),
    relationId: integer('relation_id').references(() => relations.id, { onDelete: 'set null' }),
    productId: refersTo('product_id', () => products.id, 'cascade'),
    quantity: integer('quantity').notNull(),
    langcode: text('langcode').notNull(),
    createdAt: stamped('created_at'),
    /** Staff's answer (issue 42, point 6): a quote (`quoted`, with `quote_id`), or declined with a message. */
    state: text('state', { enum: PRICE_REQUEST_STATES }).notNull().default('open'),
    answeredAt: moment('answered_at'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** What staff wrote to the customer with the answer: the reason of a decline, a remark with a quote. */
    answerMessage: text('answer_message'),
  },
  (t) => [
    index('price_requests_user_product').on(t.userId, t.productId, t.createdAt),
    index('price_requests_open').on(t.createdAt, t.id).where(sql`${t.state} = 'open'`),
    index('price_requests_answered').on(t.answeredAt, t.id).where(sql`${t.state} <> 'open'`),
    check('price_requests_state', sql`${t.state} in ('open', 'quoted', 'declined')`),
    check('price_requests_answer', sql`(${t.state} = 'open') = (${t.answeredAt} is null)`),
  ],
);
