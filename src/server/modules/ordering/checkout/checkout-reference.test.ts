import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartOrder, cartResponse } from '../../../../shared/api/cart';
import { orderResponse } from '../../../../shared/api/checkout';
import { orders, relations } from '../../../db/schema';
import { login, type Session, useTestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import type { ProductRef } from '../../catalog/test-support';
import { ERP_TOKEN } from '../../erp/test-support';
import { addLine, call, chooseCheckout, pricedProducts } from '../cart/test-support';

// Monday 23 November 2026, 09:00 in Amsterdam. Demo's relation delivers on Tuesday, Thursday and Friday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now });

let demo: Session;
let food: ProductRef;
let orderId: number;

beforeEach(async () => {
  clock.reset();
  [food] = (await pricedProducts(t.app.database.db, [{ taxRate: 900, scaled: [[1, 250]] }])) as [ProductRef];
  demo = await login(t.app, 'demo');
  await call(t.app, demo, 'POST', '/cart/add?_format=json', [addLine(food.variationId, 4)]);
  orderId = cartResponse.parse((await call(t.app, demo, 'GET', '/cart?_format=json')).json())[0]!.order_id;
});

const post = (path: string, body?: unknown, lang: 'nl' | 'en' = 'nl') => call(t.app, demo, 'POST', `${lang === 'en' ? '/en' : ''}/api/checkout/${orderId}/${path}`, body);
const draftOf = async () => (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const requireReference = (required: boolean) => t.app.database.db.update(relations).set({ poReferenceRequired: required }).where(eq(relations.id, 1));

describe("the customer's reference and comment", () => {
  it('keeps them on the cart, trimmed, and clears them with empty ones', async () => {
    const res = await post('set-reference', { po_reference: '  PO-2026-0412 ', comment: 'Graag bellen\nvoor levering' });
    expect(res.statusCode, res.body).toBe(200);
    expect(cartOrder.parse(res.json())).toMatchObject({ po_reference: 'PO-2026-0412', comment: 'Graag bellen\nvoor levering', po_reference_required: false });
    expect(await draftOf()).toMatchObject({ poReference: 'PO-2026-0412', customerComment: 'Graag bellen\nvoor levering' });
    await post('set-reference', { po_reference: '', comment: '' });
    expect(await draftOf()).toMatchObject({ poReference: '', customerComment: '' });
  });

  it('refuses a reference over 35 characters or a comment over 1000 in the language of the request, storing nothing', async () => {
    const nl = await post('set-reference', { po_reference: 'x'.repeat(36) });
    expect(nl.statusCode).toBe(400);
    expect(nl.body).toContain('Een referentie heeft maximaal 35 tekens.');
    const en = await post('set-reference', { comment: 'y'.repeat(1001) }, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('A comment is at most 1000 characters.');
    expect(await draftOf()).toMatchObject({ poReference: '', customerComment: '' });
  });

  it('is needed before placing when the relation says so, and then shown on the order, in the mail and in the ERP export', async () => {
    await requireReference(true);
    await chooseCheckout(t.app, demo, orderId, { shipping: 'delivery', payment: 'on_account', date: '2026-11-24', profileId: 2 });
    expect(cartOrder.parse((await post('set-reference', { comment: 'Achterom' })).json()).po_reference_required).toBe(true);
    const refused = await post('place', { terms_accepted: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'po_reference_required', errors: [{ field: 'po_reference' }] });
    expect(refused.json().message).toBe('Vul je referentie (inkoopordernummer) in: je bedrijf heeft die bij elke bestelling nodig');
    expect((await draftOf()).state).toBe('draft');

    await post('set-reference', { po_reference: 'PO-77', comment: 'Achterom' });
    const placed = await post('place', { terms_accepted: true });
    expect(placed.statusCode, placed.body).toBe(200);
    const detail = orderResponse.parse((await call(t.app, demo, 'GET', `/jsonapi/commerce_order/default/${placed.json().uuid}`)).json());
    expect(detail.data).toMatchObject({ po_reference: 'PO-77', comment: 'Achterom' });
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    expect(t.mailer.sent[0]!.text).toContain('Uw referentie: PO-77');
    expect(t.mailer.sent[0]!.text).toContain('Uw opmerking:\n  Achterom');

    const exported = await t.app.inject({ url: '/backend/api/erp/orders?limit=500', headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    const record = exported.json().records.find((o: { order_number: string }) => o.order_number === placed.json().order_number);
    expect(record).toMatchObject({ po_reference: 'PO-77', comment: 'Achterom' });
  });
});
