import { z } from 'zod';
import {
  blankToUndefined,
  cents,
  flag,
  integer,
  key,
  keyList,
  optionalCents,
  optionalDate,
  optionalInteger,
  optionalKey,
  optionalPercent,
  optionalText,
  optionalUrl,
  percent,
  requiredDate,
  text,
} from './erp-fields';

import { DEPOSIT_KINDS, VAT_CLASSES } from './deposits';
import { foodRow } from './erp-food';
import { salesUnitFields } from './erp-sales-unit';
import { stockRow } from './erp-stock';

export { parseCents, parseDate } from './erp-fields';
export { foodRow, type FoodRow } from './erp-food';
export { stockRow, type StockRow } from './erp-stock';

/**
 * The ERP exchange (docs/erp-exchange.md): one zod schema per kind of import row (the import
 * report is in erp-import.ts, the order and payment export in erp-export.ts). Rows come from CSV (every value a string) or JSON Lines (strings,
 * numbers, booleans, arrays), so each field schema accepts both forms and normalises them.
 */

/** In the documented import order (docs/erp-exchange.md): each kind only refers to kinds before it. */
export const ERP_IMPORT_KINDS = ['vat_rates', 'categories', 'products', 'food', 'deposits', 'stock', 'prices', 'relations', 'delivery_addresses', 'users', 'invoices', 'quotes'] as const;
export type ErpImportKind = (typeof ERP_IMPORT_KINDS)[number];

export const categoryRow = z.object({
  erp_id: key('category id'),
  parent_erp_id: optionalKey('category id'),
  name_nl: text(200),
  name_en: optionalText(200),
  weight: optionalInteger(-100_000, 100_000, 0),
});
export type CategoryRow = z.infer<typeof categoryRow>;

const vatClass = z.enum(VAT_CLASSES, { message: 'must be food, standard or none' });

/**
 * The rate a file of before decision 028 gives instead of a class: 900 (9%) is the class food,
 * 2100 (21%) standard; 9 and 21 (percent) are read the same.
 */
const taxRate = z.preprocess(blankToUndefined, integer(0, 10_000).optional()).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const basisPoints = value === 9 ? 900 : value === 21 ? 2100 : value;
  if (basisPoints !== 900 && basisPoints !== 2100) {
    ctx.addIssue({ code: 'custom', message: 'must be 900 or 2100 (basis points; 9 or 21 also do)' });
    return z.NEVER;
  }
  return basisPoints === 900 ? ('food' as const) : ('standard' as const);
});

/** A rate of a VAT class from a day on (decision 028): a change by law is sent ahead of its day. */
export const vatRateRow = z.object({
  vat_class: vatClass,
  valid_from: requiredDate,
  /** Percent (9, 21, 0, 5,5), stored as basis points. */
  rate: percent(0, 10_000),
});
export type VatRateRow = z.infer<typeof vatRateRow>;

export const productRow = z.object({
  erp_id: key('product id'),
  sku: key('article number'),
  title_nl: text(255),
  title_en: optionalText(255),
  description_nl: optionalText(100_000),
  description_en: optionalText(100_000),
  specifications_nl: optionalText(100_000),
  specifications_en: optionalText(100_000),
  /** food, standard or none (decision 028); a file of before gives tax_rate instead. */
  vat_class: z.preprocess(blankToUndefined, vatClass.optional()),
  tax_rate: taxRate,
  categories: keyList('category ids'),
  active: flag(true),
  ...salesUnitFields,
}).superRefine((row, ctx) => {
  if (row.vat_class === undefined && row.tax_rate === undefined) {
    ctx.addIssue({ code: 'custom', path: ['vat_class'], message: 'is required (food, standard or none)' });
  } else if (row.vat_class !== undefined && row.tax_rate !== undefined && row.vat_class !== row.tax_rate) {
    ctx.addIssue({ code: 'custom', path: ['tax_rate'], message: `is the rate of class ${row.tax_rate}, not of vat_class ${row.vat_class}` });
  }
});
export type ProductRow = z.infer<typeof productRow>;

/**
 * The deposits of an article per sales unit, one kind a row: a crate of 24 bottles is a row of
 * kind crate (quantity 1) and one of kind bottle (quantity 24). Quantity 0 takes the kind off.
 */
export const depositRow = z.object({
  sku: key('article number'),
  kind: z.preprocess(blankToUndefined, z.enum(DEPOSIT_KINDS, { message: 'must be bottle, can, crate or keg' })),
  /** Per deposit item (€ 0,10 a bottle). */
  amount: cents(1),
  quantity: integer(0, 10_000),
});
export type DepositRow = z.infer<typeof depositRow>;

export const priceRow = z
  .object({
    list_code: key('price list code'),
    list_name: optionalText(100),
    sku: key('article number'),
    from_quantity: optionalInteger(1, 1_000_000, 1),
    price: cents(0),
    valid_from: optionalDate,
    valid_until: optionalDate,
  })
  .superRefine((row, ctx) => {
    if (row.valid_from && row.valid_until && row.valid_until < row.valid_from) {
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'is before valid_from' });
    }
  });
export type PriceRow = z.infer<typeof priceRow>;

const countryCode = z
  .preprocess((value) => blankToUndefined(value), z.string().optional())
  .transform((value) => (value ?? 'NL').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code (NL, BE, DE, …)'));

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DUTCH_WEEKDAYS: Record<string, (typeof WEEKDAYS)[number]> = {
  maandag: 'monday', dinsdag: 'tuesday', woensdag: 'wednesday', donderdag: 'thursday', vrijdag: 'friday', zaterdag: 'saturday', zondag: 'sunday',
};
const weekdays = keyList('weekdays').transform((days, ctx) => {
  const out: string[] = [];
  for (const day of days) {
    const lower = day.toLowerCase();
    const english = (WEEKDAYS as readonly string[]).includes(lower) ? lower : DUTCH_WEEKDAYS[lower];
    if (!english) {
      ctx.addIssue({ code: 'custom', message: `has "${day}", which is not a weekday (monday … sunday, maandag … zondag)` });
      return z.NEVER;
    }
    if (!out.includes(english)) out.push(english);
  }
  return WEEKDAYS.filter((d) => out.includes(d));
});

export const relationRow = z.object({
  erp_number: key('relation number'),
  name: text(200),
  address_line1: optionalText(200),
  postal_code: optionalText(20),
  locality: optionalText(100),
  country_code: countryCode,
  phone: optionalText(50),
  mail: optionalText(254).pipe(z.email({ message: 'is not an e-mail address' }).optional()),
  coc_number: optionalText(30),
  vat_number: optionalText(30),
  price_list: key('price list code'),
  language: z.preprocess(blankToUndefined, z.enum(['nl', 'en'], { message: 'must be nl or en' }).optional()).transform((v) => v ?? 'nl'),
  /** Empty: monday to friday. */
  delivery_days: weekdays,
  /** As the ERP writes it, e.g. "Franco vanaf € 350,-"; the first whole number is the threshold. */
  free_delivery_amount: optionalText(100),
  /** The terms count deposits towards the free-delivery amount (decision 028); default no. */
  deposits_count_free_delivery: flag(false),
  /** Orders need the customer's purchase-order reference before they are placed; default no. */
  po_reference_required: flag(false),
  active: flag(true),
});
export type RelationRow = z.infer<typeof relationRow>;

export const deliveryAddressRow = z.object({
  relation_erp_number: key('relation number'),
  code: key('address code'),
  label: optionalText(100),
  address_line1: text(200),
  postal_code: text(20),
  locality: text(100),
  country_code: countryCode,
  default: flag(false),
});
export type DeliveryAddressRow = z.infer<typeof deliveryAddressRow>;

export const invoiceRow = z.object({
  invoice_number: key('invoice number'),
  cash_order_number: optionalKey('cash order number'),
  relation_erp_number: key('relation number'),
  entry_date: requiredDate,
  /** Negative: a credit. */
  outstanding: cents(-2_000_000_000),
  /** The webshop order the invoice is for, when there is one. */
  order_number: optionalKey('order number'),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const userRow = z
  .object({
    /** Login name; unique without regard to case. */
    name: text(60),
    mail: text(254).pipe(z.email({ message: 'is not an e-mail address' })),
    firstname: optionalText(100),
    surname_prefix: optionalText(30),
    surname: optionalText(100),
    language: z.preprocess(blankToUndefined, z.enum(['nl', 'en'], { message: 'must be nl or en' }).optional()).transform((v) => v ?? 'nl'),
    relation_erp_number: optionalKey('relation number'),
    role: z.preprocess(blankToUndefined, z.enum(['customer', 'staff'], { message: 'must be customer or staff' }).optional()).transform((v) => v ?? 'customer'),
    active: flag(true),
  })
  .superRefine((row, ctx) => {
    if (row.role === 'customer' && !row.relation_erp_number) {
      ctx.addIssue({ code: 'custom', path: ['relation_erp_number'], message: 'is required for a customer' });
    }
  });
export type UserRow = z.infer<typeof userRow>;

/**
 * One line of a quote (offerte): the quote's own fields (relation, label, url, valid_until) are on
 * every line of it and must agree; a quote is all of its lines in the file.
 */
export const quoteRow = z.object({
  quote_number: key('quote number'),
  relation_erp_number: key('relation number'),
  label: text(255),
  url: optionalUrl,
  /** Last day the quote counts; empty: until further notice. */
  valid_until: optionalDate,
  sku: key('article number'),
  /** The quoted price counts from this quantity on. */
  quantity: optionalInteger(1, 1_000_000, 1),
  quote_price: cents(0),
  standard_cost: optionalCents(0, 0),
  /** Percent on the standard cost (12,5); stored as basis points. */
  markup: optionalPercent(-10_000, 1_000_000, 0),
  remark: optionalText(500),
  unit_label: optionalText(30),
});
export type QuoteRow = z.infer<typeof quoteRow>;

export const erpRowSchemas = {
  vat_rates: vatRateRow,
  categories: categoryRow,
  products: productRow,
  food: foodRow,
  deposits: depositRow,
  stock: stockRow,
  prices: priceRow,
  relations: relationRow,
  delivery_addresses: deliveryAddressRow,
  users: userRow,
  invoices: invoiceRow,
  quotes: quoteRow,
} as const;
