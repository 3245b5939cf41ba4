/**
 * VAT classes and deposit kinds (decision 028), shared by the database schema, the ERP
 * contracts and the cart's sums. Names stay English in data; texts are the server's messages.
 */

/** A product's VAT class; the rate comes from the table of rates by date. */
export const VAT_CLASSES = ['food', 'standard', 'none'] as const;
export type VatClass = (typeof VAT_CLASSES)[number];

/** Deposit kinds: statiegeld on bottles and cans, emballage on crates and kegs. */
export const DEPOSIT_KINDS = ['bottle', 'can', 'crate', 'keg'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];
