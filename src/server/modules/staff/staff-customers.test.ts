import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerListResponse } from '../../../shared/api/staff';
import { relations, users } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';

const t = useTestApp();

const list = async (query: string, cookie?: string) =>
  t.app.inject({ url: `${API}/api/staff/customers${query}`, headers: cookie ? { cookie } : {} });

async function listAsStaff(query = '') {
  const { cookie } = await login(t.app, 'staff');
  const res = await list(query, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return customerListResponse.parse(res.json());
}

describe('the staff customer list', () => {
  it('lists active customer users with their relation, by company, and never staff', async () => {
    const body = await listAsStaff();
    expect(body.meta).toMatchObject({ page: 1, per_page: 25 });
    expect(body.meta.count).toBe(body.data.length);
    const names = body.data.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['demo', 'demo-en', 'grooth', 'ghint', 'norelation']));
    expect(names).not.toContain('staff');
    expect(body.data.find((c) => c.name === 'demo')).toMatchObject({
      drupal_internal__uid: 1,
      display_name: 'Sanne de Vries',
      mail: 'demo@example.nl',
      relation: { name: 'Restaurant La Catrina', erp_number: '1000', pricelist: 'STANDAARD', langcode: 'nl' },
    });
    // Sorted by company: every company is one block, users without a relation come last.
    const companies = body.data.map((c) => c.relation?.name ?? null);
    const blocks = companies.filter((name, i) => i === 0 || name !== companies[i - 1]);
    expect(new Set(blocks).size).toBe(blocks.length);
    expect(companies.at(-1)).toBeNull();
    expect(companies.indexOf(null)).toBe(companies.length - companies.filter((c) => c === null).length);
  });

  it.each([
    ['company', 'la catrina', ['demo']],
    ['company, another case', 'FOODSERVICE NOORD', ['grooth']],
    ['e-mail', 'demo-en@EXAMPLE', ['demo-en']],
    ['first name', 'sanne', ['demo']],
    ['last name', 'Peeters', ['ghint']],
    ['full name', 'Sanne de Vries', ['demo']],
    ['login name', 'norelation', ['norelation']],
    ['ERP number', '1003', ['ghint']],
  ])('finds customers by %s (contains, any case)', async (_what, search, expected) => {
    const body = await listAsStaff(`?search=${encodeURIComponent(search)}`);
    expect(body.data.map((c) => c.name)).toEqual(expected);
    expect(body.meta.count).toBe(expected.length);
  });

  it('never finds staff users, not even by their own name or e-mail', async () => {
    for (const search of ['staff', 'Ingrid', 'van den Berg']) {
      const body = await listAsStaff(`?search=${encodeURIComponent(search)}`);
      expect(body.data.map((c) => c.name)).not.toContain('staff');
    }
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect((await listAsStaff('?search=%25')).meta.count).toBe(0);
    expect((await listAsStaff('?search=_')).data.map((c) => c.name)).not.toContain('demo');
  });

  it('leaves out inactive users', async () => {
    await t.app.database.db.update(users).set({ active: false }).where(eq(users.name, 'grooth'));
    const body = await listAsStaff('?search=grooth');
    expect(body.data).toEqual([]);
  });

  it('pages by 25 with the total in meta.count', async () => {
    const { db } = t.app.database;
    const [relation] = await db.select({ id: relations.id }).from(relations).where(eq(relations.erpNumber, '1000'));
    await db.insert(users).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `catrina-${String(i).padStart(2, '0')}`,
        mail: `catrina-${i}@example.nl`,
        surname: `Medewerker ${String(i).padStart(2, '0')}`,
        roles: ['customer'],
        relationId: relation?.id ?? null,
      })),
    );
    const first = await listAsStaff('?search=catrina');
    const second = await listAsStaff('?search=catrina&page=2');
    const beyond = await listAsStaff('?search=catrina&page=3');
    expect(first.meta.count).toBe(31);
    expect(first.data).toHaveLength(25);
    expect(second.data).toHaveLength(6);
    expect(second.meta).toEqual({ count: 31, page: 2, per_page: 25 });
    expect(beyond.data).toEqual([]);
    const all = [...first.data, ...second.data].map((c) => c.name);
    expect(new Set(all).size).toBe(31);
    // One company: then by surname.
    expect(all.slice(0, 3)).toEqual(['catrina-00', 'catrina-01', 'catrina-02']);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses a bad query (%s) with a 400 naming the field', async (query, field) => {
    const { cookie } = await login(t.app, 'staff');
    const res = await list(`?${query}`, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
  });

  it('is for staff only: customers and anonymous visitors get 403', async () => {
    const customer = await login(t.app, 'demo');
    const asCustomer = await list('', customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('staff_only');
    const anonymous = await list('');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().code).toBe('login_required');
  });

  it('answers under the /en prefix too', async () => {
    const { cookie } = await login(t.app, 'staff');
    const res = await t.app.inject({ url: `${API}/en/api/staff/customers?search=taco`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { name: string }) => c.name)).toContain('demo-en');
  });
});
