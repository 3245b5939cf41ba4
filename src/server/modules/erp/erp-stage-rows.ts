import type { z } from 'zod';
import {
  categoryRow,
  deliveryAddressRow,
  depositRow,
  type ErpImportKind,
  foodRow,
  invoiceRow,
  priceRow,
  productRow,
  quoteRow,
  relationRow,
  stockRow,
  userRow,
  vatRateRow,
} from '../../../shared/api/erp';
import { sanitizeHtmlText } from '../../html';
import { foodStageRow } from './erp-food.repository';
import { depositStageRow, vatRateStageRow } from './erp-money.repository';
import { quoteStageRow } from './erp-quotes.repository';
import { salesUnitStageFields } from './erp-sales-units.repository';
import { stockStageRow } from './erp-stock.repository';
import type { StageRow } from './erp.repository';

/**
 * How one record of a file becomes a row of its kind's stage table: checked by the kind's zod
 * schema, then mapped from the schema's own output type (so a renamed or retyped field is a type
 * error here, not a cast that lies).
 */

export type Html = (value: string | undefined) => string;

export type StageResult = { row: StageRow; issues?: undefined } | { row?: undefined; issues: z.core.$ZodIssue[] };

interface Stager {
  /** The field names a record of this kind may have. */
  fields: ReadonlySet<string>;
  stage(fields: Record<string, unknown>, line: number, html: Html): StageResult;
}

function stager<S extends z.ZodObject>(schema: S, map: (row: z.output<S>, line: number, html: Html) => StageRow): Stager {
  return {
    fields: new Set(Object.keys(schema.shape)),
    stage(fields, line, html) {
      const parsed = schema.safeParse(fields);
      return parsed.success ? { row: map(parsed.data, line, html) } : { issues: parsed.error.issues };
    },
  };
}

export const STAGERS: Record<ErpImportKind, Stager> = {
  vat_rates: stager(vatRateRow, (row, line) => vatRateStageRow(row, line)),
  deposits: stager(depositRow, (row, line) => depositStageRow(row, line)),
  stock: stager(stockRow, (row, line) => stockStageRow(row, line)),
  categories: stager(categoryRow, (row, line) => ({
    line,
    erp_id: row.erp_id,
    parent_erp_id: row.parent_erp_id ?? null,
    name_nl: row.name_nl,
    name_en: row.name_en ?? row.name_nl,
    weight: row.weight,
  })),
  products: stager(productRow, (row, line, html) => ({
    line,
    erp_id: row.erp_id,
    sku: row.sku,
    title_nl: row.title_nl,
    title_en: row.title_en ?? row.title_nl,
    description_nl: html(row.description_nl),
    description_en: html(row.description_en),
    specifications_nl: html(row.specifications_nl),
    specifications_en: html(row.specifications_en),
    // A file of before decision 028 gives the rate: its class then.
    vat_class: row.vat_class ?? row.tax_rate ?? 'food',
    active: row.active,
    categories: row.categories,
    ...salesUnitStageFields(row),
  })),
  food: stager(foodRow, (row, line) => foodStageRow(row, line)),
  prices: stager(priceRow, (row, line) => ({
    line,
    list_code: row.list_code,
    list_name: row.list_name ?? null,
    sku: row.sku,
    from_quantity: row.from_quantity,
    price_cents: row.price,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    variation_id: null,
  })),
  relations: stager(relationRow, (row, line) => ({
    line,
    erp_number: row.erp_number,
    name: row.name,
    address_line1: row.address_line1 ?? '',
    postal_code: row.postal_code ?? '',
    locality: row.locality ?? '',
    country_code: row.country_code,
    phone: row.phone ?? '',
    mail: row.mail ?? '',
    coc_number: row.coc_number ?? '',
    vat_number: row.vat_number ?? '',
    pricelist: row.price_list,
    langcode: row.language,
    delivery_days: row.delivery_days,
    free_delivery_amount: row.free_delivery_amount ?? '',
    deposits_count_free_delivery: row.deposits_count_free_delivery,
    po_reference_required: row.po_reference_required,
    active: row.active,
  })),
  delivery_addresses: stager(deliveryAddressRow, (row, line) => ({
    line,
    relation_erp_number: row.relation_erp_number,
    erp_code: row.code,
    label: row.label ?? row.address_line1,
    address_line1: row.address_line1,
    postal_code: row.postal_code,
    locality: row.locality,
    country_code: row.country_code,
    is_default: row.default,
  })),
  users: stager(userRow, (row, line) => ({
    line,
    name: row.name,
    name_lower: row.name.toLowerCase(),
    mail: row.mail,
    firstname: row.firstname ?? '',
    surname_prefix: row.surname_prefix ?? '',
    surname: row.surname ?? '',
    langcode: row.language,
    relation_erp_number: row.relation_erp_number ?? null,
    roles: [row.role],
    active: row.active,
  })),
  invoices: stager(invoiceRow, (row, line) => ({
    line,
    invoice_number: row.invoice_number,
    cash_order_id: row.cash_order_number ?? '',
    relation_erp_number: row.relation_erp_number,
    entry_date: row.entry_date,
    outstanding_cents: row.outstanding,
    order_number: row.order_number ?? null,
  })),
  quotes: stager(quoteRow, (row, line) => quoteStageRow(row, line)),
};

/**
 * Sanitises product HTML. Text without markup passes as it is (sanitize-html would only escape
 * & < >, and there are none).
 */
export const sanitiseProductHtml: Html = (value) => {
  if (!value) return '';
  return /[<>&]/.test(value) ? sanitizeHtmlText(value) : value;
};

/** PostgreSQL text cannot hold NUL: name the first field that has one. */
export function fieldWithNul(fields: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.includes('\u0000')) return name;
    if (Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes('\u0000'))) return name;
  }
  return null;
}
