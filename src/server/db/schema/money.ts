import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { refersTo } from './columns';
import { variations } from './catalog';
import { DEPOSIT_KINDS, VAT_CLASSES } from '../../../shared/api/deposits';


/**
 * VAT rates by date (decision 028): a class's rate is the row with the latest `validFrom` on or
 * before the day asked for (the delivery date of a cart). A change by law is entered ahead.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    vatClass: text('vat_class', { enum: VAT_CLASSES }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Basis points: 900 = 9%. */
    rate: integer('rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vatClass, t.validFrom] }),
    check('vat_rates_class', sql`${t.vatClass} in ('food', 'standard', 'none')`),
    check('vat_rates_rate', sql`${t.rate} between 0 and 10000`),
  ],
);


/**
 * Deposits a variation carries per sales unit, from the ERP (decision 028): a crate of 24 bottles
 * is a crate (1 × € 1,50) and bottles (24 × € 0,10). Without VAT; one row per kind.
 */
export const variationDeposits = pgTable(
  'variation_deposits',
  {
    variationId: refersTo('variation_id', () => variations.id, 'cascade'),
    kind: text('kind', { enum: DEPOSIT_KINDS }).notNull(),
    /** Per deposit item, in cents. */
    amountCents: integer('amount_cents').notNull(),
    /** Deposit items per sales unit. */
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variationId, t.kind] }),
    check('variation_deposits_kind', sql`${t.kind} in ('bottle', 'can', 'crate', 'keg')`),
    check('variation_deposits_amount', sql`${t.amountCents} > 0`),
    check('variation_deposits_quantity', sql`${t.quantity} > 0`),
  ],
);
