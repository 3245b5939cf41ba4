import { eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoicePaymentResponse, invoicePaymentReturnResponse, openInvoicesResponse } from '../../../shared/api/orders';
import { cashInvoices, payments } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { call } from '../ordering/cart/test-support';

// Demo's relation (1): F260001 € 487,65, F260002 € 129,50, F260003 credit € 25,00.
const t = useTestApp();

let demo: Session;
let demoId: number;
let invoices: Array<{ id: number; invoiceNumber: string; outstandingAmount: number }>;

beforeEach(async () => {
  // Only the invoices outside the webshop: the demo's past orders bring invoices of their own.
  await t.app.database.db.delete(cashInvoices).where(isNotNull(cashInvoices.orderId));
  demo = await login(t.app, 'demo');
  demoId = (await t.app.inject({ method: 'GET', url: `${API}/jsonapi/current-user?jsonapi_include=1`, headers: { cookie: demo.cookie } })).json().data.drupal_internal__uid;
  const res = await call(t.app, demo, 'GET', `/api/cash-invoice/user/${demoId}/relation/open-invoices`);
  expect(res.statusCode, res.body).toBe(200);
  invoices = openInvoicesResponse.parse(res.json()).data.data;
});

const byNumber = (n: string) => invoices.find((i) => i.invoiceNumber === n)!;
const returnOf = async (id: number, lang = '') =>
  invoicePaymentReturnResponse.parse((await call(t.app, demo, 'POST', `${lang}/api/cash-invoice/${id}/payment-return`)).json());

async function choose(paymentUrl: string, outcome: string) {
  const res = await t.app.inject({ method: 'POST', url: new URL(paymentUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });
  expect(res.statusCode).toBe(303);
  return res.headers.location;
}

describe('open invoices', () => {
  it('lists the relation’s open invoices and credits, newest first, only for the caller’s own user id', async () => {
    expect(invoices.map((i) => [i.invoiceNumber, i.outstandingAmount])).toEqual([
      ['F260003', -25],
      ['F260002', 129.5],
      ['F260001', 487.65],
    ]);
    expect(invoices[0]).toMatchObject({ cashOrderId: expect.stringMatching(/^K\d{7}$/), entryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const grooth = await login(t.app, 'grooth');
    expect((await call(t.app, grooth, 'GET', `/api/cash-invoice/user/${demoId}/relation/open-invoices`)).statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', `/api/cash-invoice/user/${demoId}/relation/open-invoices`)).statusCode).toBe(403);
  });
});

describe('paying an invoice', () => {
  it('pays the outstanding amount; once paid it leaves the open list', async () => {
    const invoice = byNumber('F260002');
    const res = await call(t.app, demo, 'POST', `/api/cash-invoice/${invoice.id}/create-payment`);
    expect(res.statusCode, res.body).toBe(200);
    const { paymentUrl } = invoicePaymentResponse.parse(res.json());
    const [payment] = await t.app.database.db.select().from(payments);
    expect(payment).toMatchObject({ kind: 'cash_invoice', amountCents: 12_950, description: 'Casa Maíz factuur F260002' });
    expect(await returnOf(invoice.id)).toMatchObject({ status: 'error', waiting: true, invoiceDetails: { invoiceNumber: 'F260002' } });

    const back = await choose(paymentUrl, 'paid');
    expect(back).toBe(`http://localhost:3000/nl/cash-invoices/payment/${invoice.id}/update`);
    // The sandbox's webhook cannot reach an app under inject: the return call asks the provider itself.
    expect(await returnOf(invoice.id, '/en')).toMatchObject({ status: 'success', waiting: false, message: 'Your payment has been received. Thank you!' });
    const [row] = await t.app.database.db.select().from(cashInvoices).where(eq(cashInvoices.id, invoice.id));
    expect(row).toMatchObject({ outstandingCents: 0, paidAt: expect.any(Date) });
    const list = openInvoicesResponse.parse((await call(t.app, demo, 'GET', `/api/cash-invoice/user/${demoId}/relation/open-invoices`)).json());
    expect(list.data.data.map((i) => i.invoiceNumber)).toEqual(['F260003', 'F260001']);
    // Paid: no second payment.
    const again = await call(t.app, demo, 'POST', `/api/cash-invoice/${invoice.id}/create-payment`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Deze factuur is al betaald.');
  });

  it('reports a failed payment and leaves the invoice open', async () => {
    const invoice = byNumber('F260001');
    const { paymentUrl } = invoicePaymentResponse.parse((await call(t.app, demo, 'POST', `/api/cash-invoice/${invoice.id}/create-payment`)).json());
    await choose(paymentUrl, 'failed');
    expect(await returnOf(invoice.id)).toMatchObject({ status: 'error', waiting: false, message: 'De betaling van de factuur is mislukt. Probeer het opnieuw.' });
    const [row] = await t.app.database.db.select().from(cashInvoices).where(eq(cashInvoices.id, invoice.id));
    expect(row?.outstandingCents).toBe(48_765);
  });

  it('refuses a credit, and another relation’s invoice', async () => {
    const credit = byNumber('F260003');
    let res = await call(t.app, demo, 'POST', `/en/api/cash-invoice/${credit.id}/create-payment`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A credit cannot be paid.');
    const grooth = await login(t.app, 'grooth');
    res = await call(t.app, grooth, 'POST', `/api/cash-invoice/${byNumber('F260001').id}/create-payment`);
    expect(res.statusCode).toBe(404);
    res = await call(t.app, grooth, 'POST', `/api/cash-invoice/${byNumber('F260001').id}/payment-return`);
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, demo, 'POST', '/api/cash-invoice/abc/create-payment')).statusCode).toBe(400);
    expect(await t.app.database.db.select().from(payments)).toEqual([]);
  });
});
