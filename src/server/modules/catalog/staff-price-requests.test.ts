import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { productDetailResponse } from '../../../shared/api/catalog';
import { staffPriceRequest, staffPriceRequestsResponse } from '../../../shared/api/staff-price-requests';
import { auditLog, mailOutbox, priceRequests, quoteLines, quotes } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { HOUR, testClock } from '../../test/clock';
import { databaseState, stateDiff } from '../../test/db-state';
import { addLine, call, pricedProducts } from '../ordering/cart/test-support';
import type { ProductRef } from './test-support';

// Monday 23 November 2026, 09:00 in Amsterdam.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });
const db = () => t.app.database.db;

let demo: Session;
let desk: Session;
let food: ProductRef;

/** A product sold at € 10,00 on every price list; the demo data's own requests and quotes are cleared. */
beforeEach(async () => {
  clock.reset();
  await db().delete(priceRequests);
  await db().delete(quotes);
  [food] = (await pricedProducts(db(), [{ taxRate: 900, scaled: [[1, 1000]] }])) as [ProductRef];
  demo = await login(t.app, 'demo');
  desk = await login(t.app, 'orderdesk');
});

const ask = async (session: Session, product: ProductRef, quantity: number) => {
  const res = await call(t.app, session, 'POST', `/api/product/${product.uuid}/request-price`, { quantity });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await db().select().from(priceRequests).where(and(eq(priceRequests.productId, product.id), eq(priceRequests.quantity, quantity)));
  return row!.id;
};
const list = (session: Session = desk, query = '', prefix = '') => call(t.app, session, 'GET', `${API}${prefix}/api/staff/price-requests${query}`);
const answer = (id: number, kind: 'quote' | 'decline', body: unknown, { session = desk, prefix = '' } = {}) =>
  call(t.app, session, 'POST', `${API}${prefix}/api/staff/price-requests/${id}/${kind}`, body);
const QUOTE = { price_per_unit_cents: 850, from_quantity: 10, valid_until: '2026-12-31' };
const detail = async (session: Session, product: ProductRef) => {
  const res = await call(t.app, session, 'GET', `${API}/jsonapi/commerce_product/default/${product.uuid}?jsonapi_include=1`);
  expect(res.statusCode, res.body).toBe(200);
  return productDetailResponse.parse(res.json()).data;
};
const mails = () => db().select().from(mailOutbox);

describe('GET /api/staff/price-requests', () => {
  it('lists the open requests oldest first with customer, product, quantity, when and time waiting, and both counts', async () => {
    const [other] = (await pricedProducts(db(), [{ taxRate: 900, scaled: [[1, 500]] }], 1)) as [ProductRef];
    const first = await ask(demo, food, 12);
    clock.advance(2 * HOUR);
    const second = await ask(await login(t.app, 'demo-en'), other, 3);
    clock.advance(HOUR);
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = staffPriceRequestsResponse.parse(res.json());
    expect(body.meta).toEqual({ count: 2, page: 1, per_page: 50, state: 'open', open_count: 2, answered_count: 0 });
    expect(body.data.map((r) => [r.id, r.state, r.quantity, r.waiting_seconds, r.customer.name, r.langcode])).toEqual([
      [first, 'open', 12, 3 * 3600, 'demo', 'nl'],
      [second, 'open', 3, 3600, 'demo-en', 'nl'],
    ]);
    expect(body.data[0]).toMatchObject({
      requested_at: '2026-11-23T08:00:00.000Z',
      customer: { display_name: 'Sanne de Vries', mail: 'demo@example.nl', relation: { name: 'Restaurant La Catrina', erp_number: '1000' } },
      product: { id: food.uuid, sku: food.sku },
      answer: null,
    });
    // Answered ones move to their own tab, latest answer first.
    expect((await answer(first, 'decline', { message: 'Deze prijs is al onze scherpste.' })).statusCode).toBe(200);
    const answered = staffPriceRequestsResponse.parse((await list(desk, '?state=answered')).json());
    expect(answered.meta).toMatchObject({ count: 1, open_count: 1, answered_count: 1 });
    expect(answered.data.map((r) => [r.id, r.state, r.answer?.by, r.answer?.message, r.waiting_seconds])).toEqual([[first, 'declined', 'orderdesk', 'Deze prijs is al onze scherpste.', 3 * 3600]]);
    const all = staffPriceRequestsResponse.parse((await list(desk, '?state=all')).json());
    expect(all.data.map((r) => r.id)).toEqual([second, first]);
    expect(all.meta.count).toBe(2);
  });

  it('names the product in the staff user’s language and refuses a bad filter in nl and en', async () => {
    await ask(demo, food, 12);
    const en = staffPriceRequestsResponse.parse((await list(desk, '', '/en')).json());
    const nl = staffPriceRequestsResponse.parse((await list(desk)).json());
    expect(en.data[0]!.product.title).not.toBe('');
    expect(nl.data[0]!.product.title).not.toBe('');
    const bad = await list(desk, '?state=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'state', message: "state is 'open', 'answered' of 'all'." });
    expect((await list(desk, '?state=closed', '/en')).json().errors[0].message).toBe("state is 'open', 'answered' or 'all'.");
  });

  it('is the order desk’s: finance and customers are refused', async () => {
    expect((await list(await login(t.app, 'finance'))).statusCode).toBe(403);
    expect((await list(demo)).statusCode).toBe(403);
    expect((await list(await login(t.app, 'staff'))).statusCode).toBe(200);
  });
});

describe('POST /api/staff/price-requests/{id}/quote', () => {
  it('makes a quote WEB-PR-<id> for the customer’s relation: in its Better price dialog, applied in its cart, mailed in Dutch, audited', async () => {
    const id = await ask(demo, food, 12);
    t.mailer.sent.length = 0;
    const res = await answer(id, 'quote', { ...QUOTE, message: 'Bij afname vanaf 10 stuks.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffPriceRequest.parse(res.json())).toMatchObject({
      id,
      state: 'quoted',
      answer: { by: 'orderdesk', message: 'Bij afname vanaf 10 stuks.', quote: { erp_id: `WEB-PR-${id}`, price_per_unit_cents: 850, from_quantity: 10, valid_until: '2026-12-31' } },
    });
    const [quote] = await db().select().from(quotes).where(eq(quotes.erpId, `WEB-PR-${id}`));
    expect(quote).toMatchObject({ relationId: 1, validUntil: '2026-12-31', label: `Offerte op je prijsaanvraag ${id}` });
    expect(await db().select().from(quoteLines).where(eq(quoteLines.quoteId, quote!.id))).toEqual([
      expect.objectContaining({ variationId: food.variationId, quotePriceCents: 850, quantity: 10, remark: 'Bij afname vanaf 10 stuks.', unitLabel: 'st.' }),
    ]);
    const [row] = await db().select().from(priceRequests).where(eq(priceRequests.id, id));
    expect(row).toMatchObject({ state: 'quoted', answeredAt: clock.now(), answeredBy: expect.any(Number), quoteId: quote!.id, answerMessage: 'Bij afname vanaf 10 stuks.' });

    // In demo's Better price dialog, and no other relation's.
    const shown = await detail(demo, food);
    expect(shown.quote_product_data.map((q) => [q.label, q.valid_until, q.productData.map((l) => [l.quantity, l.quote_price.number, l.remark])])).toEqual([
      [`Offerte op je prijsaanvraag ${id}`, '2026-12-31', [[10, '8.50', 'Bij afname vanaf 10 stuks.']]],
    ]);
    expect((await detail(await login(t.app, 'demo-en'), food)).quote_product_data).toEqual([]);
    expect((await detail(await login(t.app, 'grooth'), food)).quote_product_data).toEqual([]);

    // Applied in the cart from 10 on: 12 × € 8,50.
    expect((await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 12)])).statusCode).toBe(200);
    const [cart] = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json());
    expect(cart!.order_items.map((i) => [i.quantity, i.unit_price.number, i.total_price.number])).toEqual([['12', '8.50', '102.00']]);

    // The mail, in demo's language.
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['demo@example.nl', expect.stringMatching(/^Onze prijs voor .+ \| Casa Maíz$/)]]);
    const text = t.mailer.sent[0]!.text;
    for (const part of ['Beste klant,', `12 × `, `(${food.sku})`, '€ 8,50 per st., vanaf 10 st.', 'Geldig tot en met 31-12-2026', 'Toelichting: Bij afname vanaf 10 stuks.', `/nl/assortment/${food.uuid}`]) {
      expect(text).toContain(part);
    }
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'price_request'))).toMatchObject([
      { entityId: String(id), relationId: 1, action: 'price_request.quote', userName: 'orderdesk', before: { state: 'open' }, after: { state: 'quoted', quote: { erp_id: `WEB-PR-${id}`, price_per_unit_cents: 850, from_quantity: 10, valid_until: '2026-12-31' } } },
    ]);
  });

  it('mails an English customer in English', async () => {
    const id = await ask(await login(t.app, 'demo-en'), food, 24);
    t.mailer.sent.length = 0;
    expect((await answer(id, 'quote', { ...QUOTE, from_quantity: 24 })).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: 'demo-en@example.nl', subject: expect.stringMatching(/^Our price for .+ \| Casa Maíz$/) });
    expect(t.mailer.sent[0]!.text).toContain('€ 8,50 per st., from 24 st.');
    expect(t.mailer.sent[0]!.text).toContain('Valid until 31-12-2026 inclusive');
    expect(t.mailer.sent[0]!.text).not.toContain('Note:');
    expect((await db().select().from(quotes).where(like(quotes.erpId, 'WEB-PR-%')))[0]?.label).toBe(`Quote for your price request ${id}`);
  });

  it('answers 409 to a second answer, in the staff user’s language, and stores nothing more', async () => {
    const id = await ask(demo, food, 12);
    expect((await answer(id, 'quote', QUOTE)).statusCode).toBe(200);
    const before = await databaseState(db());
    const sent = t.mailer.sent.length;
    const again = await answer(id, 'quote', { ...QUOTE, price_per_unit_cents: 700 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'price_request_answered', message: `Prijsaanvraag ${id} is al beantwoord (met een offerte). Laad de lijst opnieuw.` });
    const declined = await answer(id, 'decline', { message: 'Toch niet.' }, { prefix: '/en' });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(`Price request ${id} has been answered already (with a quote). Reload the list.`);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('lets only one of two answers at once through', async () => {
    const id = await ask(demo, food, 12);
    const answers = await Promise.all([answer(id, 'quote', QUOTE), answer(id, 'decline', { message: 'Nee.' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'price_request'))).toHaveLength(1);
  });

  it('answers 404 for a request that does not exist, and 409 for a quote to a customer without a relation', async () => {
    const missing = await answer(999_999, 'quote', QUOTE);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Prijsaanvraag 999999 bestaat niet.');
    const id = await ask(await login(t.app, 'norelation'), food, 2);
    const res = await answer(id, 'quote', QUOTE, { prefix: '/en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'price_request_no_relation' });
    // Declining still can.
    expect((await answer(id, 'decline', { message: 'We leveren alleen aan relaties.' })).statusCode).toBe(200);
  });

  it.each([
    [{ ...QUOTE, price_per_unit_cents: 0 }, 'price_per_unit_cents', 'price_per_unit_cents is een prijs in centen vanaf 1.', 'price_per_unit_cents is a price in cents from 1.'],
    [{ ...QUOTE, price_per_unit_cents: 8.5 }, 'price_per_unit_cents', 'price_per_unit_cents is een prijs in centen vanaf 1.', 'price_per_unit_cents is a price in cents from 1.'],
    [{ ...QUOTE, price_per_unit_cents: '850' }, 'price_per_unit_cents', 'price_per_unit_cents is een prijs in centen vanaf 1.', 'price_per_unit_cents is a price in cents from 1.'],
    [{ ...QUOTE, from_quantity: 0 }, 'from_quantity', 'from_quantity is een geheel getal vanaf 1.', 'from_quantity is a whole number from 1.'],
    [{ ...QUOTE, valid_until: '31-12-2026' }, 'valid_until', 'valid_until is een dag in de vorm JJJJ-MM-DD.', 'valid_until is a day written YYYY-MM-DD.'],
    [{ ...QUOTE, valid_until: '2026-02-30' }, 'valid_until', 'Die dag bestaat niet.', 'That day does not exist.'],
    [{ ...QUOTE, valid_until: '2026-11-22' }, 'valid_until', 'Een offerte geldt tot vandaag (23-11-2026) of later.', 'A quote is valid until today (23-11-2026) or later.'],
    [{ ...QUOTE, message: 'x'.repeat(1001) }, 'message', 'Een bericht heeft maximaal 1000 tekens.', 'A message is at most 1000 characters.'],
  ])('refuses %o with 400 in nl and en, storing and mailing nothing', async (body, field, nl, en) => {
    const id = await ask(demo, food, 12);
    const before = await databaseState(db());
    const sent = t.mailer.sent.length;
    const dutch = await answer(id, 'quote', body);
    expect(dutch.statusCode).toBe(400);
    expect(dutch.json().errors).toEqual([expect.objectContaining({ field, message: nl })]);
    const english = await answer(id, 'quote', body, { prefix: '/en' });
    expect(english.statusCode).toBe(400);
    expect(english.json().errors).toEqual([expect.objectContaining({ field, message: en })]);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('accepts today as the last valid day', async () => {
    const id = await ask(demo, food, 12);
    expect((await answer(id, 'quote', { ...QUOTE, valid_until: '2026-11-23' })).statusCode).toBe(200);
  });
});

describe('POST /api/staff/price-requests/{id}/decline', () => {
  it('declines with the message, mailed to the customer in their language and audited; the request asks a message', async () => {
    const id = await ask(demo, food, 12);
    t.mailer.sent.length = 0;
    const empty = await answer(id, 'decline', { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'message', message: 'Schrijf een bericht aan de klant.' });
    expect((await answer(id, 'decline', {}, { prefix: '/en' })).json().errors[0]).toMatchObject({ field: 'message', message: 'message is a text.' });
    expect((await mails()).filter((m) => m.kind === 'price_request_answer')).toEqual([]);

    const res = await answer(id, 'decline', { message: 'Voor dit aantal is de lijstprijs onze beste prijs.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffPriceRequest.parse(res.json())).toMatchObject({ state: 'declined', answer: { message: 'Voor dit aantal is de lijstprijs onze beste prijs.', quote: null } });
    expect(await db().select().from(quotes).where(like(quotes.erpId, 'WEB-PR-%'))).toEqual([]);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['demo@example.nl']);
    expect(t.mailer.sent[0]!.subject).toMatch(/^Je prijsaanvraag voor .+ \| Casa Maíz$/);
    expect(t.mailer.sent[0]!.text).toContain('Helaas kunnen we je daarvoor geen andere prijs geven.');
    expect(t.mailer.sent[0]!.text).toContain('Toelichting: Voor dit aantal is de lijstprijs onze beste prijs.');
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'price_request'))).toMatchObject([
      { entityId: String(id), action: 'price_request.decline', userName: 'orderdesk', after: { state: 'declined', message: 'Voor dit aantal is de lijstprijs onze beste prijs.' } },
    ]);
  });

  it('is the order desk’s: finance and customers are refused and nothing changes', async () => {
    const id = await ask(demo, food, 12);
    const finance = await login(t.app, 'finance');
    const before = await databaseState(db());
    expect((await answer(id, 'decline', { message: 'Nee.' }, { session: finance })).statusCode).toBe(403);
    expect((await answer(id, 'quote', QUOTE, { session: demo })).statusCode).toBe(403);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });
});
