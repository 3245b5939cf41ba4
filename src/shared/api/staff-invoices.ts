import { z } from 'zod';

import { staffPage, staffPageMeta } from './staff';

/** Invoices per page of finance's list of open invoices. */
export const OPEN_INVOICES_PER_PAGE = 50;

/** The usual Dutch payment term between businesses (Wet late betaling): an invoice older than this is overdue. */
export const PAYMENT_TERM_DAYS = 30;

/** GET /api/staff/open-invoices?search=&overdue=1&page= */
export const staffOpenInvoicesQuery = z.object({
  search: z.string().trim().max(100, 'A search is at most 100 characters.').optional().default(''),
  overdue: z.enum(['0', '1'], { message: "overdue is '0' or '1'." }).optional().default('0'),
  page: staffPage,
});
export type StaffOpenInvoicesQuery = z.input<typeof staffOpenInvoicesQuery>;

export const staffOpenInvoice = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  entry_date: z.string(),
  /** Days since the invoice date, in Amsterdam. */
  age_days: z.number().int(),
  overdue: z.boolean(),
  order_number: z.string().nullable(),
  /** Cents; negative is a credit. */
  outstanding_cents: z.number().int(),
  relation: z.object({ id: z.string(), drupal_internal__id: z.number().int(), name: z.string(), erp_number: z.string() }),
});
export type StaffOpenInvoice = z.infer<typeof staffOpenInvoice>;

export const staffOpenInvoicesResponse = z.object({
  data: z.array(staffOpenInvoice),
  meta: staffPageMeta.extend({
    /** Of all matches, not only this page. */
    total_outstanding_cents: z.number().int(),
  }),
});
export type StaffOpenInvoicesResponse = z.infer<typeof staffOpenInvoicesResponse>;
