import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPriceResponse } from '../../../shared/api/catalog-actions';
import { priceRequests, products, relations, users } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { PRICE_REQUESTS_PER_HOUR } from './price-request.service';
import { productBySku, productRefs } from './test-support';

/** The app's clock: tests move it to pass the repeat window. */
let clock = new Date('2026-03-02T10:00:00Z');
const t = useTestApp({ salesEmail: 'sales@casamaiz.test' }, { now: () => clock });

const requestPrice = (session: Partial<Session>, id: string | number, payload: unknown, prefix = '') =>
  t.app.inject({
    method: 'POST',
    url: `${API}${prefix}/api/product/${id}/request-price`,
    headers: { ...(session.cookie ? { cookie: session.cookie } : {}), ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}) },
    payload: payload as Record<string, unknown>,
  });

/** The requests this test made: the demo data's own (issue 42's inbox) are cleared before each. */
const stored = () => t.app.database.db.select().from(priceRequests);
beforeEach(async () => {
  await t.app.database.db.delete(priceRequests);
});

describe('price requests: POST /api/product/{id}/request-price', () => {
  it('mails the sales department in Dutch, stores the request and thanks the customer in Dutch', async () => {
    clock = new Date('2026-03-02T10:00:00Z');
    const { db } = t.app.database;
    const ref = await productBySku(db, '101002');
    const [product] = await db.select().from(products).where(eq(products.id, ref.id));
    const demo = await login(t.app, 'demo');
    const res = await requestPrice(demo, ref.uuid, { quantity: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(requestPriceResponse.parse(res.json())).toEqual({
      status: 1,
      message: 'Bedankt, we hebben je prijsaanvraag ontvangen en nemen snel contact met je op.',
    });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0];
    expect(mail?.to).toBe('sales@casamaiz.test');
    expect(mail?.subject).toBe(`Prijsaanvraag: ${product?.titleNl} (101002)`);
    const [user] = await db.select().from(users).where(eq(users.id, 1));
    const [relation] = await db.select().from(relations).where(eq(relations.id, 1));
    for (const text of [
      `Klant: ${user?.firstname}`,
      '(demo)',
      `E-mail: ${user?.mail}`,
      `Relatie: Restaurant La Catrina (debiteurnummer ${relation?.erpNumber})`,
      `Product: ${product?.titleNl}`, 'Artikelnummer: 101002', 'Aantal: 12', 'Taal van de klant: Nederlands',
    ]) {
      expect(mail?.text).toContain(text);
    }
    expect(await stored()).toEqual([
      expect.objectContaining({ userId: 1, relationId: 1, productId: ref.id, quantity: 12, langcode: 'nl', createdAt: clock }),
    ]);
  });

  it('answers in English under /en, accepts the internal product id and names the language in the mail', async () => {
    const ref = await productBySku(t.app.database.db, '101003');
    const ghint = await login(t.app, 'ghint');
    const res = await requestPrice(ghint, ref.id, { quantity: 1 }, '/en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Thank you, we have received your price request and will contact you soon.' });
    expect(t.mailer.sent[0]?.text).toContain('Taal van de klant: Engels');
    expect(await stored()).toEqual([expect.objectContaining({ userId: 4, relationId: 4, productId: ref.id, quantity: 1, langcode: 'en' })]);
  });

  it('refuses a repeat for the same product within ten minutes politely (429), and allows it after', async () => {
    clock = new Date('2026-03-02T10:00:00Z');
    const ref = await productBySku(t.app.database.db, '101004');
    const other = await productBySku(t.app.database.db, '101005');
    const demo = await login(t.app, 'demo');
    expect((await requestPrice(demo, ref.uuid, { quantity: 6 })).statusCode).toBe(200);
    clock = new Date('2026-03-02T10:09:00Z');
    const repeat = await requestPrice(demo, ref.uuid, { quantity: 24 }, '/en');
    expect(repeat.statusCode).toBe(429);
    expect(requestPriceResponse.parse(repeat.json())).toEqual({
      status: 0,
      message: 'You already asked for a price for this product a moment ago; we will get back to you soon.',
    });
    expect(t.mailer.sent).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
    // Another product, or another user, is a new question.
    expect((await requestPrice(demo, other.uuid, { quantity: 6 })).statusCode).toBe(200);
    const colleague = await login(t.app, 'demo-en');
    expect((await requestPrice(colleague, ref.uuid, { quantity: 6 })).statusCode).toBe(200);
    clock = new Date('2026-03-02T10:10:01Z');
    expect((await requestPrice(demo, ref.uuid, { quantity: 24 })).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(4);
  });

  it('keeps the request and its mail when the mail server is away; the mail outbox sends it once it is back (decision 033)', async () => {
    const ref = await productBySku(t.app.database.db, '101006');
    const demo = await login(t.app, 'demo');
    const send = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('smtp down'));
    try {
      const res = await requestPrice(demo, ref.uuid, { quantity: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1 });
      expect(await stored()).toHaveLength(1);
      expect(t.mailer.sent).toEqual([]);
    } finally {
      send.mockRestore();
    }
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 1, failed: 0, waiting: 0 });
    expect(t.mailer.sent.map((m) => m.to)).toEqual([t.app.config.salesEmail]);
    // Asked once: asking again at once is a repeat.
    expect((await requestPrice(demo, ref.uuid, { quantity: 2 })).statusCode).toBe(429);
  });

  it('lets a user without relation ask too; the mail says so', async () => {
    const ref = await productBySku(t.app.database.db, '101007');
    const session = await login(t.app, 'norelation');
    expect((await requestPrice(session, ref.uuid, { quantity: 3 })).statusCode).toBe(200);
    expect(t.mailer.sent[0]?.text).toContain('Relatie: geen relatie gekoppeld');
    expect(await stored()).toEqual([expect.objectContaining({ userId: 5, relationId: null })]);
  });

  it('answers 404 for an unknown or inactive product, sending and storing nothing', async () => {
    const { db } = t.app.database;
    const ref = await productBySku(db, '101008');
    const demo = await login(t.app, 'demo');
    expect((await requestPrice(demo, '00000000-0000-4000-8000-000000000000', { quantity: 1 })).statusCode).toBe(404);
    expect((await requestPrice(demo, 999999, { quantity: 1 })).statusCode).toBe(404);
    await db.update(products).set({ active: false }).where(eq(products.id, ref.id));
    const inactive = await requestPrice(demo, ref.uuid, { quantity: 1 });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().message).toContain(ref.uuid);
    expect(t.mailer.sent).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it.each([
    [{ quantity: 0 }],
    [{ quantity: -1 }],
    [{ quantity: 1.5 }],
    [{ quantity: '12' }],
    [{ quantity: 100_001 }],
    [{}],
  ])('answers 400 for %o, sending and storing nothing', async (payload) => {
    const ref = await productBySku(t.app.database.db, '101009');
    const demo = await login(t.app, 'demo');
    const res = await requestPrice(demo, ref.uuid, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('quantity');
    expect(t.mailer.sent).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('answers 400 for a product id that is neither a uuid nor a number, and for a body that is not JSON', async () => {
    const ref = await productBySku(t.app.database.db, '101009');
    const demo = await login(t.app, 'demo');
    expect((await requestPrice(demo, 'abc', { quantity: 1 })).statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: `${API}/api/product/${ref.uuid}/request-price`,
      headers: { cookie: demo.cookie, 'x-csrf-token': demo.csrf, 'content-type': 'text/plain' },
      payload: 'quantity=1',
    });
    expect(text.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('is forbidden without a session or without the CSRF token', async () => {
    const ref = await productBySku(t.app.database.db, '101009');
    expect((await requestPrice({}, ref.uuid, { quantity: 1 })).statusCode).toBe(403);
    const demo = await login(t.app, 'demo');
    expect((await requestPrice({ cookie: demo.cookie }, ref.uuid, { quantity: 1 })).statusCode).toBe(403);
    expect(t.mailer.sent).toEqual([]);
  });
});

describe('price requests per user per hour (issue 16): they mail the sales department', () => {
  it(`sends at most ${PRICE_REQUESTS_PER_HOUR} an hour per user, then answers 429 in the user's language and mails nothing`, async () => {
    clock = new Date('2026-03-02T10:00:00Z');
    const refs = (await productRefs(t.app.database.db)).slice(0, PRICE_REQUESTS_PER_HOUR + 2);
    const demo = await login(t.app, 'demo');
    for (const [i, ref] of refs.slice(0, PRICE_REQUESTS_PER_HOUR).entries()) {
      clock = new Date(Date.parse('2026-03-02T10:00:00Z') + i * 60_000);
      expect((await requestPrice(demo, ref.uuid, { quantity: 1 })).statusCode).toBe(200);
    }
    const over = refs[PRICE_REQUESTS_PER_HOUR]!;
    const blocked = await requestPrice(demo, over.uuid, { quantity: 1 }, '/en');
    expect(blocked.statusCode).toBe(429);
    expect(requestPriceResponse.parse(blocked.json())).toEqual({
      status: 0,
      message: 'You have sent a lot of price requests in the past hour. Please try again later, or contact our sales department directly.',
    });
    expect((await requestPrice(demo, over.uuid, { quantity: 1 })).json().message).toBe(
      'Je hebt het afgelopen uur al veel prijsaanvragen gestuurd. Probeer het later opnieuw of neem rechtstreeks contact op met onze verkoopafdeling.',
    );
    expect(t.mailer.sent).toHaveLength(PRICE_REQUESTS_PER_HOUR);
    expect(await stored()).toHaveLength(PRICE_REQUESTS_PER_HOUR);

    // Another user has a limit of their own.
    const colleague = await login(t.app, 'demo-en');
    expect((await requestPrice(colleague, over.uuid, { quantity: 1 })).statusCode).toBe(200);

    // An hour after the first request, one place is free again.
    clock = new Date('2026-03-02T11:00:00.001Z');
    expect((await requestPrice(demo, over.uuid, { quantity: 1 })).statusCode).toBe(200);
    expect((await requestPrice(demo, refs[PRICE_REQUESTS_PER_HOUR + 1]!.uuid, { quantity: 1 })).statusCode).toBe(429);
  });

  it('lets no burst past the hourly limit', async () => {
    clock = new Date('2026-03-02T10:00:00Z');
    const refs = (await productRefs(t.app.database.db)).slice(0, PRICE_REQUESTS_PER_HOUR * 2);
    const demo = await login(t.app, 'demo');
    const answers = await Promise.all(refs.map((ref) => requestPrice(demo, ref.uuid, { quantity: 1 })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PRICE_REQUESTS_PER_HOUR);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(PRICE_REQUESTS_PER_HOUR);
    expect(t.mailer.sent).toHaveLength(PRICE_REQUESTS_PER_HOUR);
  });
});
