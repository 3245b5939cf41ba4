import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type KeyedTable, type MergeCounts, rowDiffers, rowsOf, writeIfAny, writeKeyed } from './erp-sql.repository';

/**
 * How the ERP import merges its staged relations, delivery addresses, open invoices and users
 * into the shop's tables (see erp.repository.ts for the staging): plain INSERT and UPDATE
 * statements, a statement that would change nothing is not run, and what a full import leaves
 * out is deactivated or settled, never deleted.
 */

const RELATION: KeyedTable = {
  table: 'relations',
  alias: 'r',
  stage: 'erp_stage_relations',
  key: 'erp_number',
  fields: ['name', 'address_line1', 'postal_code', 'locality', 'country_code', 'phone', 'mail', 'coc_number', 'vat_number', 'pricelist', 'langcode', 'delivery_days', 'free_delivery_amount', 'deposits_count_free_delivery', 'po_reference_required', 'active'],
};
const relationDiffers = rowDiffers(RELATION);

export async function mergeRelations(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where r.id is null)::int as inserted, count(*) filter (where r.id is not null and ${relationDiffers})::int as updated
        from erp_stage_relations s left join relations r on r.erp_number = s.erp_number`,
  );
  const writes: Record<string, number> = {};
  ({ inserted: writes.relations_inserted, updated: writes.relations_updated } = await writeKeyed(tx, RELATION));
  let deactivated = 0;
  if (deactivateMissing) {
    const gone = sql`r.active and not exists (select 1 from erp_stage_relations s where s.erp_number = r.erp_number)`;
    deactivated = await writeIfAny(tx, sql`select count(*)::int as n from relations r where ${gone}`, sql`update relations r set active = false, updated_at = now() where ${gone}`);
    writes.relations_deactivated = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

const addressJoin = sql`join relations r on r.erp_number = s.relation_erp_number left join delivery_addresses d on d.relation_id = r.id and d.erp_code = s.erp_code`;
const addressDiffers = sql`(d.label, d.address_line1, d.postal_code, d.locality, d.country_code, d.is_default)
  is distinct from (s.label, s.address_line1, s.postal_code, s.locality, s.country_code, s.is_default)`;

export async function mergeDeliveryAddresses(tx: Tx): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where d.id is null)::int as inserted, count(*) filter (where d.id is not null and ${addressDiffers})::int as updated
        from erp_stage_delivery_addresses s ${addressJoin}`,
  );
  const writes: Record<string, number> = {};
  // A relation whose new default is in the file loses its other default first.
  writes.defaults_cleared = await writeIfAny(
    tx,
    sql`select count(*)::int as n from delivery_addresses d join relations r on r.id = d.relation_id
        join erp_stage_delivery_addresses s on s.relation_erp_number = r.erp_number and s.is_default
        where d.is_default and d.erp_code <> s.erp_code`,
    sql`update delivery_addresses d set is_default = false from relations r, erp_stage_delivery_addresses s
        where r.id = d.relation_id and s.relation_erp_number = r.erp_number and s.is_default and d.is_default and d.erp_code <> s.erp_code`,
  );
  writes.addresses_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_delivery_addresses s ${addressJoin} where d.id is null`,
    sql`insert into delivery_addresses (relation_id, erp_code, label, address_line1, postal_code, locality, country_code, is_default)
        select r.id, s.erp_code, s.label, s.address_line1, s.postal_code, s.locality, s.country_code, s.is_default
        from erp_stage_delivery_addresses s ${addressJoin} where d.id is null`,
  );
  writes.addresses_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_delivery_addresses s ${addressJoin} where d.id is not null and ${addressDiffers}`,
    sql`update delivery_addresses d set label = s.label, address_line1 = s.address_line1, postal_code = s.postal_code, locality = s.locality,
          country_code = s.country_code, is_default = s.is_default
        from erp_stage_delivery_addresses s join relations r on r.erp_number = s.relation_erp_number
        where d.relation_id = r.id and d.erp_code = s.erp_code and ${addressDiffers}`,
  );
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated: 0, writes };
}

/**
 * The invoice as the file would leave it. An invoice the shop has seen paid (paid_at) keeps its
 * outstanding amount: a file made before the ERP booked the web payment must not open it again.
 * The order link is the shop's order with that number for the same relation, else none.
 */
const invoiceTarget = sql`from erp_stage_invoices s
  join relations r on r.erp_number = s.relation_erp_number
  left join orders o on o.order_number = s.order_number and o.relation_id = r.id`;
const invoiceDiffers = sql`(c.relation_id, c.cash_order_id, c.entry_date, c.order_id, c.order_number, c.outstanding_cents)
  is distinct from (r.id, s.cash_order_id, s.entry_date, o.id, s.order_number, case when c.paid_at is null then s.outstanding_cents else c.outstanding_cents end)`;

export async function mergeInvoices(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where c.id is null)::int as inserted, count(*) filter (where c.id is not null and ${invoiceDiffers})::int as updated
        ${invoiceTarget} left join cash_invoices c on c.invoice_number = s.invoice_number`,
  );
  const writes: Record<string, number> = {};
  writes.invoices_inserted = await writeIfAny(
    tx,
    sql`select count(*)::int as n from erp_stage_invoices s where not exists (select 1 from cash_invoices c where c.invoice_number = s.invoice_number)`,
    sql`insert into cash_invoices (invoice_number, relation_id, cash_order_id, entry_date, order_id, order_number, outstanding_cents)
        select s.invoice_number, r.id, s.cash_order_id, s.entry_date, o.id, s.order_number, s.outstanding_cents ${invoiceTarget}
        where not exists (select 1 from cash_invoices c where c.invoice_number = s.invoice_number)`,
  );
  writes.invoices_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n ${invoiceTarget} join cash_invoices c on c.invoice_number = s.invoice_number where ${invoiceDiffers}`,
    sql`update cash_invoices c set relation_id = t.relation_id, cash_order_id = t.cash_order_id, entry_date = t.entry_date, order_id = t.order_id,
          order_number = t.order_number, outstanding_cents = case when c.paid_at is null then t.outstanding_cents else c.outstanding_cents end,
          updated_at = now()
        from (select s.invoice_number, r.id as relation_id, s.cash_order_id, s.entry_date, o.id as order_id, s.order_number, s.outstanding_cents ${invoiceTarget}) t
        where c.invoice_number = t.invoice_number
          and (c.relation_id, c.cash_order_id, c.entry_date, c.order_id, c.order_number, c.outstanding_cents)
              is distinct from (t.relation_id, t.cash_order_id, t.entry_date, t.order_id, t.order_number, case when c.paid_at is null then t.outstanding_cents else c.outstanding_cents end)`,
  );
  let deactivated = 0;
  if (deactivateMissing) {
    // The file is the complete list of open invoices: any other is settled.
    const gone = sql`c.outstanding_cents <> 0 and not exists (select 1 from erp_stage_invoices s where s.invoice_number = c.invoice_number)`;
    deactivated = await writeIfAny(
      tx,
      sql`select count(*)::int as n from cash_invoices c where ${gone}`,
      sql`update cash_invoices c set outstanding_cents = 0, paid_at = coalesce(c.paid_at, now()), updated_at = now() where ${gone}`,
    );
    writes.invoices_settled = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes };
}

const userTarget = sql`from erp_stage_users s left join relations r on r.erp_number = s.relation_erp_number`;
/** A user staff or the relation's owner blocked stays inactive whatever the ERP says (until unblocked in the shop). */
const erpActive = sql`(s.active and u.blocked_at is null)`;
const userDiffers = sql`(u.name, u.mail, u.firstname, u.surname_prefix, u.surname, u.langcode, u.roles, u.relation_id, u.active, u.origin)
  is distinct from (s.name, s.mail, s.firstname, s.surname_prefix, s.surname, s.langcode, s.roles, r.id, ${erpActive}, 'erp')`;

export async function mergeUsers(tx: Tx, deactivateMissing: boolean): Promise<MergeCounts> {
  const [classes] = await rowsOf<{ inserted: number; updated: number }>(
    tx,
    sql`select count(*) filter (where u.id is null)::int as inserted, count(*) filter (where u.id is not null and ${userDiffers})::int as updated
        ${userTarget} left join users u on lower(u.name) = s.name_lower`,
  );
  const writes: Record<string, number> = {};
  const inserted = await rowsOf<{ id: number }>(
    tx,
    sql`insert into users (name, mail, firstname, surname_prefix, surname, langcode, roles, relation_id, active)
        select s.name, s.mail, s.firstname, s.surname_prefix, s.surname, s.langcode, s.roles, r.id, s.active ${userTarget}
        where not exists (select 1 from users u where lower(u.name) = s.name_lower)
        returning id`,
  );
  writes.users_inserted = inserted.length;
  writes.users_updated = await writeIfAny(
    tx,
    sql`select count(*)::int as n ${userTarget} join users u on lower(u.name) = s.name_lower where ${userDiffers}`,
    sql`update users u set name = s.name, mail = s.mail, firstname = s.firstname, surname_prefix = s.surname_prefix, surname = s.surname,
          langcode = s.langcode, roles = s.roles, relation_id = r.id, active = ${erpActive}, origin = 'erp', changed_at = now()
        ${userTarget} where lower(u.name) = s.name_lower and ${userDiffers}`,
  );
  let deactivated = 0;
  if (deactivateMissing) {
    // Only customer accounts the ERP made: staff accounts and users invited in the shop are not the ERP's to switch off.
    const gone = sql`u.active and u.origin = 'erp' and 'customer' = any(u.roles) and not 'staff' = any(u.roles)
      and not exists (select 1 from erp_stage_users s where s.name_lower = lower(u.name))`;
    deactivated = await writeIfAny(tx, sql`select count(*)::int as n from users u where ${gone}`, sql`update users u set active = false, changed_at = now() where ${gone}`);
    writes.users_deactivated = deactivated;
  }
  return { inserted: classes?.inserted ?? 0, updated: classes?.updated ?? 0, deactivated, writes, insertedIds: inserted.map((row) => row.id) };
}

