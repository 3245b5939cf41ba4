import {
  type CategoryRow,
  type DeliveryAddressRow,
  type ErpImportKind,
  type ErpImportReport,
  type ErpOrderRecord,
  type ErpOrdersResponse,
  type ErpPaymentsResponse,
  type ErpRowError,
  erpRowSchemas,
  type InvoiceRow,
  type PriceRow,
  type ProductRow,
  type QuoteRow,
  type RelationRow,
  type UserRow,
} from '../../../shared/api/erp';
import { amsterdamClock } from '../../../shared/delivery-date';
import type { Mailer } from '../../adapters/mail/mailer';
import type { LRUCache } from 'lru-cache';
import { type CacheBudget, createCacheBudget, DEFAULT_CACHE_MAX_MB, stringBytes } from '../../cache-budget';
import type { Db } from '../../db/client';
import { resetHash, resetUrl } from '../auth/reset-link';
import { welcomeMail } from './welcome-mail';
import { sanitizeHtmlText } from '../../html';
import { createErpExportRepository, type ExportOrderRow } from './erp-export.repository';
import { type ErpFormat, ErpReadError, readRecords } from './erp-reader';
import { quoteStageRow } from './erp-quotes';
import { ANALYZE_FROM_ROWS, analyzeAfterImport } from './erp-sql';
import { createErpRepository, findUserForMail, type StageRow } from './erp.repository';

export interface ErpImportRequest {
  kind: ErpImportKind;
  format: ErpFormat;
  /** The file, chunk by chunk; read once. */
  input: AsyncIterable<Buffer | Uint8Array | string>;
  dryRun: boolean;
  deactivateMissing: boolean;
  /** Users only: mail each new user a welcome with a link to set a password. */
  welcomeMail?: boolean;
}

export interface ErpServiceDeps {
  now: () => Date;
  /** Rows per staging insert. */
  batchSize?: number;
  /** Errors kept in a report (all are counted). */
  errorLimit?: number;
  /** What welcome mails need; without it a users import cannot send them. */
  welcome?: { mailer: Mailer; publicUrl: string; shopName: string; hashSalt: string; log: { error(obj: object, msg: string): void } };
  /** The server's cache budget; the command line's own (the default size) when absent. */
  caches?: CacheBudget;
}

/** The report, plus what only the CLI prints: rows written per statement and where the time went. */
export type ErpImportResult = ErpImportReport & {
  writes: Record<string, number>;
  timings?: { read_ms: number; check_ms: number; merge_ms: number };
};

/** Thrown inside the import transaction to undo it (a bad file or a dry run); not an error. */
class Rollback extends Error {}

const FIELDS: Record<ErpImportKind, ReadonlySet<string>> = {
  categories: new Set(Object.keys(erpRowSchemas.categories.shape)),
  products: new Set(Object.keys(erpRowSchemas.products.shape)),
  prices: new Set(['list_code', 'list_name', 'sku', 'from_quantity', 'price', 'valid_from', 'valid_until']),
  relations: new Set(Object.keys(erpRowSchemas.relations.shape)),
  delivery_addresses: new Set(Object.keys(erpRowSchemas.delivery_addresses.shape)),
  invoices: new Set(Object.keys(erpRowSchemas.invoices.shape)),
  users: new Set(Object.keys(erpRowSchemas.users.shape)),
  quotes: new Set(Object.keys(erpRowSchemas.quotes.shape)),
};

/**
 * Sanitises product HTML. Text without markup passes as it is (sanitize-html would only escape
 * & < >, and there are none); repeated texts (specifications often are) are sanitised once
 * (the memo is bounded in bytes and never stale: the same input gives the same output).
 */
function htmlSanitiser(memo: LRUCache<string, string>): (value: string | undefined) => string {
  return (value) => {
    if (!value) return '';
    if (!/[<>&]/.test(value)) return value;
    const known = memo.get(value);
    if (known !== undefined) return known;
    const clean = sanitizeHtmlText(value);
    memo.set(value, clean);
    return clean;
  };
}

function stageRowOf(kind: ErpImportKind, data: unknown, line: number, html: (value: string | undefined) => string): StageRow {
  if (kind === 'categories') {
    const row = data as CategoryRow;
    return { line, erp_id: row.erp_id, parent_erp_id: row.parent_erp_id ?? null, name_nl: row.name_nl, name_en: row.name_en ?? row.name_nl, weight: row.weight };
  }
  if (kind === 'products') {
    const row = data as ProductRow;
    return {
      line,
      erp_id: row.erp_id,
      sku: row.sku,
      title_nl: row.title_nl,
      title_en: row.title_en ?? row.title_nl,
      description_nl: html(row.description_nl),
      description_en: html(row.description_en),
      specifications_nl: html(row.specifications_nl),
      specifications_en: html(row.specifications_en),
      tax_rate: row.tax_rate,
      active: row.active,
      categories: row.categories,
    };
  }
  if (kind === 'relations') {
    const row = data as RelationRow;
    return {
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
      active: row.active,
    };
  }
  if (kind === 'delivery_addresses') {
    const row = data as DeliveryAddressRow;
    return {
      line,
      relation_erp_number: row.relation_erp_number,
      erp_code: row.code,
      label: row.label ?? row.address_line1,
      address_line1: row.address_line1,
      postal_code: row.postal_code,
      locality: row.locality,
      country_code: row.country_code,
      is_default: row.default,
    };
  }
  if (kind === 'users') {
    const row = data as UserRow;
    return {
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
    };
  }
  if (kind === 'quotes') return quoteStageRow(data as QuoteRow, line);
  if (kind === 'invoices') {
    const row = data as InvoiceRow;
    return {
      line,
      invoice_number: row.invoice_number,
      cash_order_id: row.cash_order_number ?? '',
      relation_erp_number: row.relation_erp_number,
      entry_date: row.entry_date,
      outstanding_cents: row.outstanding,
      order_number: row.order_number ?? null,
    };
  }
  const row = data as PriceRow;
  return {
    line,
    list_code: row.list_code,
    list_name: row.list_name ?? null,
    sku: row.sku,
    from_quantity: row.from_quantity,
    price_cents: row.price,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    variation_id: null,
  };
}

/** PostgreSQL text cannot hold NUL: name the first field that has one. */
function fieldWithNul(fields: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.includes('\u0000')) return name;
    if (Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes('\u0000'))) return name;
  }
  return null;
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function createErpService(db: Db, deps: ErpServiceDeps) {
  const repo = createErpRepository();
  const exports = createErpExportRepository();
  const batchSize = deps.batchSize ?? 1000;
  const errorLimit = deps.errorLimit ?? 1000;
  const caches = deps.caches ?? createCacheBudget(DEFAULT_CACHE_MAX_MB * 2 ** 20);
  const htmlMemo = caches.lru<string, string>('erpHtml', (clean, raw) => stringBytes(clean) + stringBytes(raw));

  return {
    /**
     * Reads the file once: each record is checked against its row schema and, when valid, staged
     * in a temporary table; then the checks that need the whole file run in SQL; only a file
     * without a single problem is merged, all in one transaction. A dry run merges and rolls back,
     * so its counts are exactly what a real run would do.
     */
    async importFile(request: ErpImportRequest): Promise<ErpImportResult> {
      const started = performance.now();
      const { kind, format } = request;
      const schema = erpRowSchemas[kind];
      const known = FIELDS[kind];
      const errors: ErpRowError[] = [];
      let errorCount = 0;
      const addError = (error: ErpRowError) => {
        errorCount += 1;
        if (errors.length < errorLimit) errors.push(error);
      };
      const report: ErpImportResult = {
        kind,
        format,
        dry_run: request.dryRun,
        deactivate_missing: request.deactivateMissing,
        applied: false,
        rows: 0,
        errors,
        error_count: 0,
        errors_truncated: false,
        counts: { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 },
        writes: {},
        ms: 0,
      };
      const today = amsterdamClock(deps.now()).day;
      const html = htmlSanitiser(htmlMemo);
      const sendWelcome = kind === 'users' && request.welcomeMail === true;
      if (sendWelcome && !deps.welcome) throw new Error('welcome mails are not configured for this import');
      let newUserIds: number[] = [];
      const phase = { started, read: started, checked: started };

      try {
        await db.transaction(async (tx) => {
          await repo.lockImports(tx);
          await repo.createStage(tx, kind);
          let batch: StageRow[] = [];
          let headerChecked = false;
          for await (const record of readRecords(format, request.input)) {
            if (record.error) {
              if (record.error.field !== '(header)') report.rows += 1;
              addError({ line: record.line, ...record.error });
              continue;
            }
            report.rows += 1;
            // Unknown fields are usually typing errors that would lose data silently: a CSV
            // header is checked once, every JSON line on its own.
            if (format === 'jsonl' || !headerChecked) {
              headerChecked = true;
              for (const name of Object.keys(record.fields)) {
                if (!known.has(name)) {
                  addError({ line: format === 'csv' ? 1 : record.line, field: name, message: `is not a field of ${kind} (fields: ${[...known].join(', ')})` });
                }
              }
            }
            const nul = fieldWithNul(record.fields);
            if (nul) {
              addError({ line: record.line, field: nul, message: 'contains a NUL character' });
              continue;
            }
            const parsed = schema.safeParse(record.fields);
            if (!parsed.success) {
              for (const issue of parsed.error.issues) addError({ line: record.line, field: String(issue.path[0] ?? '(row)'), message: issue.message });
              continue;
            }
            batch.push(stageRowOf(kind, parsed.data, record.line, html));
            if (batch.length >= batchSize) {
              await repo.stageRows(tx, kind, batch);
              batch = [];
            }
          }
          await repo.stageRows(tx, kind, batch);
          phase.read = performance.now();
          if (report.rows === 0) addError({ line: 0, field: '(file)', message: 'has no rows' });
          await repo.prepareStage(tx, kind);
          for (const error of await repo.checkStage(tx, kind, errorLimit)) addError(error);
          if (errorCount > 0) throw new Rollback();
          phase.checked = performance.now();

          const merged = await repo.merge(tx, kind, { deactivateMissing: request.deactivateMissing, today, yesterday: dayBefore(today) });
          report.counts = {
            inserted: merged.inserted,
            updated: merged.updated,
            unchanged: report.rows - merged.inserted - merged.updated,
            deactivated: merged.deactivated,
          };
          report.writes = merged.writes;
          if (request.dryRun) throw new Rollback();
          report.applied = true;
          newUserIds = merged.insertedIds ?? [];
        });
      } catch (error) {
        if (error instanceof ErpReadError) addError({ line: 0, field: '(file)', message: error.message });
        else if (!(error instanceof Rollback)) throw error;
      }
      const written = Object.values(report.writes).reduce((sum, n) => sum + n, 0);
      if (report.applied && written >= ANALYZE_FROM_ROWS) await analyzeAfterImport(db, kind);
      if (sendWelcome && deps.welcome) {
        // After the commit: a mail names a user that exists. A failed mail fails nothing else.
        const mails = { sent: 0, failed: 0 };
        const timestamp = Math.floor(deps.now().getTime() / 1000);
        for (const id of newUserIds) {
          const user = await findUserForMail(db, id);
          if (!user?.active) continue;
          const lang = user.langcode === 'en' ? 'en' : 'nl';
          try {
            await deps.welcome.mailer.send(
              welcomeMail({
                to: user.mail,
                lang,
                user,
                shopName: deps.welcome.shopName,
                url: resetUrl(deps.welcome.publicUrl, lang, user.id, timestamp, resetHash(deps.welcome.hashSalt, user, timestamp)),
              }),
            );
            mails.sent += 1;
          } catch (err) {
            deps.welcome.log.error({ err, userId: id }, 'welcome mail could not be sent');
            mails.failed += 1;
          }
        }
        report.mails = mails;
      }
      errors.sort((a, b) => a.line - b.line);
      report.error_count = errorCount;
      report.errors_truncated = errorCount > errors.length;
      const end = performance.now();
      report.ms = Math.round(end - started);
      if (report.error_count === 0) {
        report.timings = { read_ms: Math.round(phase.read - started), check_ms: Math.round(phase.checked - phase.read), merge_ms: Math.round(end - phase.checked) };
      }
      return report;
    },

    /** Placed orders after `after` (a cursor from an earlier answer; none: from the start), oldest first. */
    async exportOrders(after: string | undefined, limit: number): Promise<ErpOrdersResponse> {
      const from = after === undefined ? 0 : Number(after);
      const rows = await db.transaction(async (tx) => {
        await exports.stampPlacedOrders(tx);
        return exports.ordersAfter(tx, from, limit + 1);
      });
      const records = rows.slice(0, limit).map(orderRecord);
      return { records, next_cursor: records.at(-1)?.cursor ?? String(from), has_more: rows.length > limit };
    },

    /** Paid payments (of orders and invoices) after `after`, in the order they were applied. */
    async exportPayments(after: string | undefined, limit: number): Promise<ErpPaymentsResponse> {
      const from = after === undefined ? 0 : Number(after);
      const rows = await db.transaction(async (tx) => {
        await exports.stampAppliedPayments(tx);
        return exports.paymentsAfter(tx, from, limit + 1);
      });
      const records = rows.slice(0, limit).map((row) => ({
        cursor: row.seq,
        uuid: row.uuid,
        kind: row.kind,
        provider: row.provider,
        provider_id: row.provider_id,
        status: 'paid' as const,
        paid_at: row.paid_at,
        amount_cents: row.amount_cents,
        description: row.description,
        relation: { erp_number: row.relation_erp_number, name: row.relation_name },
        user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', mail: row.user_mail ?? '' },
        order_number: row.order_number,
        invoices: row.invoices,
        review: row.review_reason === null ? null : { reason: row.review_reason, expected_cents: row.review_expected_cents },
      }));
      return { records, next_cursor: records.at(-1)?.cursor ?? String(from), has_more: rows.length > limit };
    },
  };
}

export type ErpService = ReturnType<typeof createErpService>;

function address(snapshot: ExportOrderRow['billing_address']) {
  if (!snapshot) return null;
  return {
    name: snapshot.name,
    ...(snapshot.label ? { label: snapshot.label } : {}),
    address_line1: snapshot.address_line1,
    postal_code: snapshot.postal_code,
    locality: snapshot.locality,
    country_code: snapshot.country_code,
  };
}

function orderRecord(row: ExportOrderRow): ErpOrderRecord {
  const adjustments = row.adjustments ?? [];
  const delivery = address(row.delivery_address);
  return {
    cursor: row.seq,
    order_number: row.order_number,
    uuid: row.uuid,
    state: row.state,
    placed_at: row.placed_at,
    langcode: row.langcode,
    relation: { erp_number: row.relation_erp_number, name: row.relation_name },
    user: { id: row.user_id, name: row.user_name, mail: row.user_mail },
    mail: row.mail,
    requested_delivery_date: row.req_dlv_date,
    delivery_address: delivery ? { ...delivery, erp_code: row.delivery_erp_code } : null,
    billing_address: address(row.billing_address),
    shipping_method: { id: row.shipping_method_id, label: row.shipping_method_label },
    payment_method: { id: row.payment_method_id, label: row.payment_method_label },
    payment_status: row.payment_state,
    lines: row.lines,
    subtotal_cents: row.subtotal_cents,
    shipping_cents: adjustments.filter((a) => a.type === 'shipping').reduce((sum, a) => sum + a.amountCents, 0),
    tax: adjustments.filter((a) => a.type === 'tax').map((a) => ({ label: a.label, percentage: a.percentage, amount_cents: a.amountCents })),
    total_cents: row.total_cents,
  };
}
