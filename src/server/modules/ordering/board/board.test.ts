import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOARD_STATES, staffBoardResponse } from '../../../../shared/api/staff-orders';
import { storedStaffRole } from '../../../../shared/api/staff-roles';
import { orders, relations, users } from '../../../db/schema';
import { API, login, type Session, useTestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';

// Monday 23 November 2026, 09:00 in Amsterdam.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });
const db = () => t.app.database.db;

let desk: Session;
let uuidOf: Map<number, string>;

type Fixture = { key: string; relation: number; state: (typeof BOARD_STATES)[number]; day: string; placed: string; po: string; cents: number; method: 'on_account' | 'ideal' };

/** Five orders of four relations, delivered in January 2031: far from every demo order's delivery date. */
const FIXTURES: Fixture[] = [
  { key: 'A', relation: 2, state: 'placed', day: '2031-01-06', placed: '2026-11-20T10:00:00Z', po: 'PO-TACO-1', cents: 12_345, method: 'on_account' },
  { key: 'B', relation: 2, state: 'exported', day: '2031-01-06', placed: '2026-11-21T10:00:00Z', po: '', cents: 500, method: 'ideal' },
  { key: 'C', relation: 3, state: 'confirmed', day: '2031-01-07', placed: '2026-11-19T10:00:00Z', po: 'KEUKEN-7; "spoed"', cents: 9_999, method: 'on_account' },
  { key: 'D', relation: 4, state: 'canceled', day: '2031-01-05', placed: '2026-11-18T10:00:00Z', po: '=SUM(A1)', cents: 100, method: 'ideal' },
  { key: 'E', relation: 1, state: 'shipped', day: '2031-01-07', placed: '2026-11-22T10:00:00Z', po: 'PO-DEMO', cents: 20_000, method: 'on_account' },
];
const JANUARY = 'delivery_from=2031-01-01&delivery_until=2031-01-31';
const numberOf = (key: string) => `T00000${key.charCodeAt(0)}`;

async function insertOrder(f: Fixture, orderNumber: string) {
  await db()
    .insert(orders)
    .values({
      userId: f.relation,
      relationId: f.relation,
      state: f.state,
      orderNumber,
      reqDlvDate: f.day,
      placedAt: new Date(f.placed),
      paymentMethodId: f.method,
      paymentMethodLabel: f.method === 'ideal' ? 'iDEAL' : 'Op rekening',
      paymentState: f.method === 'ideal' ? 'paid' : 'on_account',
      poReference: f.po,
      subtotalCents: f.cents,
      totalCents: f.cents,
    });
}

beforeEach(async () => {
  clock.reset();
  for (const f of FIXTURES) await insertOrder(f, numberOf(f.key));
  desk = await login(t.app, 'orderdesk');
  uuidOf = new Map((await db().select({ id: relations.id, uuid: relations.uuid }).from(relations).where(inArray(relations.id, [1, 2, 3, 4]))).map((r) => [r.id, r.uuid]));
});

const get = (query: string, session: Pick<Session, 'cookie'> = desk, lang: 'nl' | 'en' = 'nl') =>
  t.app.inject({ url: `${API}${lang === 'en' ? '/en' : ''}/api/staff/orders${query}`, headers: { cookie: session.cookie } });
const board = async (query: string) => {
  const res = await get(`?${JANUARY}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return staffBoardResponse.parse(res.json());
};
const keys = (body: { data: Array<{ order_number: string | null }> }) => body.data.map((o) => FIXTURES.find((f) => numberOf(f.key) === o.order_number)?.key ?? o.order_number);

describe('GET /api/staff/orders', () => {
  it('answers the order desk and finance, and refuses customers and the content role', async () => {
    expect((await get('')).statusCode).toBe(200);
    expect((await get('', await login(t.app, 'finance'))).statusCode).toBe(200);
    expect((await get('', await login(t.app, 'demo'))).statusCode).toBe(403);
    await db().update(users).set({ roles: ['staff', storedStaffRole('content')] }).where(eq(users.name, 'orderdesk'));
    expect((await get('', await login(t.app, 'orderdesk'))).statusCode).toBe(403);
  });

  it('lists the newest delivery date first, the newest placed first within a day, with what a row shows', async () => {
    const body = await board('');
    expect(keys(body)).toEqual(['E', 'C', 'B', 'A', 'D']);
    expect(body.data[3]).toMatchObject({
      order_number: numberOf('A'),
      placed_at: '2026-11-20T10:00:00.000Z',
      delivery_date: '2031-01-06',
      state: 'placed',
      customer: { id: uuidOf.get(2), name: 'The Taco Lab B.V.', erp_number: '1001' },
      payment_method: { id: 'on_account', label: 'Op rekening' },
      payment_status: 'on_account',
      po_reference: 'PO-TACO-1',
      total_cents: 12_345,
    });
    expect(body.meta).toEqual({ count: 5, page: 1, per_page: 50, counts: { placed: 1, exported: 1, confirmed: 1, shipped: 1, delivered: 0, completed: 0, canceled: 1 } });
  });

  it('filters on one or more states, keeping the counts of every state for the other filters', async () => {
    for (const query of ['state=placed,exported', 'state=placed&state=exported']) {
      const body = await board(query);
      expect(keys(body)).toEqual(['B', 'A']);
      expect(body.meta.count).toBe(2);
      expect(body.meta.counts).toMatchObject({ placed: 1, exported: 1, confirmed: 1, shipped: 1, canceled: 1 });
    }
    const canceled = await board('state=canceled&payment_method=on_account');
    expect(keys(canceled)).toEqual([]);
    expect(canceled.meta).toMatchObject({ count: 0, counts: { placed: 1, confirmed: 1, shipped: 1, exported: 0, canceled: 0 } });
  });

  it('filters on the customer, the payment method and the delivery dates', async () => {
    expect(keys(await board(`customer=${uuidOf.get(2)}`))).toEqual(['B', 'A']);
    expect(keys(await board(`customer=${uuidOf.get(2)!.toUpperCase()}`))).toEqual(['B', 'A']);
    expect(keys(await board('payment_method=ideal'))).toEqual(['B', 'D']);
    const early = staffBoardResponse.parse((await get('?delivery_from=2031-01-05&delivery_until=2031-01-05')).json());
    expect(keys(early)).toEqual(['D']);
    const late = staffBoardResponse.parse((await get('?delivery_from=2031-01-07')).json());
    expect(keys(late)).toEqual(['E', 'C']);
  });

  it('searches the start of the order number and the PO reference, the customer by name or number, taking % and _ literally', async () => {
    expect(keys(await board(`q=${numberOf('A')}`))).toEqual(['A']);
    expect(keys(await board(`q=${numberOf('A').slice(0, 6).toLowerCase()}`))).toEqual(['E', 'C', 'B', 'A', 'D']);
    expect(keys(await board('q=keuken-7'))).toEqual(['C']);
    expect(keys(await board('q=taco-1'))).toEqual([]);
    expect(keys(await board('q=taco%20LAB'))).toEqual(['B', 'A']);
    expect(keys(await board('q=1002'))).toEqual(['C']);
    expect(keys(await board('q=po-demo'))).toEqual(['E']);
    expect(keys(await board('q=%25'))).toEqual([]);
    expect(keys(await board('q=_'))).toEqual([]);
    // A number alone is also the order number it ends in.
    await insertOrder({ ...FIXTURES[0]!, po: '' }, 'W0000987');
    expect((await board('q=987')).data.map((o) => o.order_number)).toEqual(['W0000987']);
  });

  it('pages by 50 with the count of all matches', async () => {
    for (let i = 0; i < 52; i++) await insertOrder({ ...FIXTURES[0]!, day: '2031-02-01', placed: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() }, `P${String(i).padStart(7, '0')}`);
    const first = staffBoardResponse.parse((await get('?delivery_from=2031-02-01')).json());
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.order_number).toBe('P0000051');
    expect(first.meta).toMatchObject({ count: 52, page: 1, per_page: 50 });
    const second = staffBoardResponse.parse((await get('?delivery_from=2031-02-01&page=2')).json());
    expect(second.data.map((o) => o.order_number)).toEqual(['P0000001', 'P0000000']);
    const short = staffBoardResponse.parse((await get('?delivery_from=2031-02-01&per_page=5')).json());
    expect(short.data.map((o) => o.order_number)).toEqual(['P0000051', 'P0000050', 'P0000049', 'P0000048', 'P0000047']);
    expect(short.meta).toMatchObject({ count: 52, page: 1, per_page: 5 });
  });

  it('leaves carts off the board', async () => {
    const body = staffBoardResponse.parse((await get('?page=1')).json());
    const states = new Set(body.data.map((o) => o.state));
    expect([...states].every((s) => (BOARD_STATES as readonly string[]).includes(s))).toBe(true);
  });

  it('refuses bad filters with a 400 in the language of the request', async () => {
    const cases: Array<[string, string, string]> = [
      ['?state=draft', 'state is een van placed, exported, confirmed, shipped, delivered, completed, canceled.', 'state is one of placed, exported, confirmed, shipped, delivered, completed, canceled.'],
      ['?customer=42', 'customer is de uuid van een klantrelatie.', 'customer is the uuid of a customer relation.'],
      ['?payment_method=cash', 'payment_method is een van on_account, ideal.', 'payment_method is one of on_account, ideal.'],
      ['?delivery_from=2031-02-30', 'Deze datum bestaat niet.', 'This date does not exist.'],
      ['?delivery_from=2031-02-02&delivery_until=2031-02-01', 'De periode eindigt voordat hij begint.', 'The period ends before it starts.'],
      [`?q=${'x'.repeat(101)}`, 'Een zoekopdracht heeft maximaal 100 tekens.', 'A search is at most 100 characters.'],
      ['?page=0', 'page is een geheel getal vanaf 1.', 'page is a whole number from 1.'],
      ['?per_page=51', 'per_page is een geheel getal van 1 tot en met 50.', 'per_page is a whole number from 1 to 50.'],
    ];
    for (const [query, nl, en] of cases) {
      const dutch = await get(query);
      expect(dutch.statusCode, query).toBe(400);
      expect(dutch.body, query).toContain(nl);
      const english = await get(query, desk, 'en');
      expect(english.statusCode, query).toBe(400);
      expect(english.body, query).toContain(en);
    }
  });
});

const download = (query: string, lang: 'nl' | 'en' = 'nl', session: Pick<Session, 'cookie'> = desk) =>
  t.app.inject({ url: `${API}${lang === 'en' ? '/en' : ''}/api/staff/orders/export?${query}`, headers: { cookie: session.cookie } });

describe('GET /api/staff/orders/export', () => {
  it('downloads the filtered list as CSV with semicolons, a BOM and Dutch headers, euros with a decimal comma', async () => {
    const res = await download(`format=csv&${JANUARY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bestellingen-2026-11-23.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.rawPayload, { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]).toEqual(['Bestelnummer', 'Geplaatst op', 'Leverdatum', 'Klantnummer', 'Klant', 'Status', 'Betaalwijze', 'Betaalstatus', 'Inkoopreferentie', 'Totaal incl. btw (€)']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['E', 'C', 'B', 'A', 'D'].map(numberOf));
    expect(rows[4]).toEqual([numberOf('A'), '2026-11-20 11:00', '2031-01-06', '1001', 'The Taco Lab B.V.', 'Geplaatst', 'Op rekening', 'Op rekening', 'PO-TACO-1', '123,45']);
    // A PO reference that looks like a formula stays text; separators and quotes are quoted.
    expect(rows[5]![8]).toBe("'=SUM(A1)");
    expect(rows[2]![8]).toBe('KEUKEN-7; "spoed"');
  });

  it('writes English headers and decimal points under /en, with the same filters as the board', async () => {
    const res = await download(`format=csv&${JANUARY}&state=canceled`, 'en', await login(t.app, 'finance'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-23.csv"');
    const rows = parse(res.rawPayload, { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]![0]).toBe('Order number');
    const all = parse((await download(`format=csv&${JANUARY}&customer=${uuidOf.get(2)}`, 'en')).rawPayload, { delimiter: ';', bom: true }) as string[][];
    // The method in the staff user's language, whatever language the order kept it in.
    expect(all.map((r) => r[6])).toEqual(['Payment method', 'iDEAL', 'On account']);
    expect(rows.slice(1)).toEqual([[numberOf('D'), '2026-11-18 11:00', '2031-01-05', '1003', 'Latina Distributie BV', 'Canceled', 'iDEAL', 'Paid online', "'=SUM(A1)", '1.00']]);
  });

  it('downloads an XLSX whose total is a number in euros with two decimals', async () => {
    const res = await download(`format=xlsx&${JANUARY}&customer=${uuidOf.get(2)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bestellingen-2026-11-23.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Bestellingen')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Bestelnummer');
    expect(sheet.rowCount).toBe(3);
    const a = sheet.getRow(3);
    expect([a.getCell(1).value, a.getCell(5).value, a.getCell(6).value, a.getCell(10).value]).toEqual([numberOf('A'), 'The Taco Lab B.V.', 'Geplaatst', 123.45]);
    expect(a.getCell(10).numFmt).toBe('#,##0.00');
  });

  it('refuses customers, and a missing or unknown format with a 400 in the language', async () => {
    expect((await download('format=csv', 'nl', await login(t.app, 'demo'))).statusCode).toBe(403);
    const nl = await download('format=pdf');
    expect(nl.statusCode).toBe(400);
    expect(nl.body).toContain('format is een van csv, xlsx.');
    const en = await download('', 'en');
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('format is one of csv, xlsx.');
  });
});
