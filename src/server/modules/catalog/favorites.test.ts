import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { favoriteResponse } from '../../../shared/api/catalog-actions';
import { favorites, products, relations, users } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { getJson, indexUrl, productBySku, type ProductRef } from './test-support';

const t = useTestApp();

const COLLECTION = `${API}/jsonapi/favorite_product/favorite_product`;
const JSON_API = 'application/vnd.api+json';

const body = (productId: string) => ({
  data: {
    type: 'favorite_product--favorite_product',
    relationships: { product: { data: { type: 'commerce_product--default', id: productId } } },
  },
});

const post = (session: Partial<Session>, payload: unknown, contentType = JSON_API) =>
  t.app.inject({
    method: 'POST',
    url: COLLECTION,
    headers: {
      'content-type': contentType,
      ...(session.cookie ? { cookie: session.cookie } : {}),
      ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const remove = (session: Partial<Session>, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `${COLLECTION}/${id}`,
    headers: { ...(session.cookie ? { cookie: session.cookie } : {}), ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}) },
  });

const rowsOf = (relationId: number) => t.app.database.db.select().from(favorites).where(eq(favorites.relationId, relationId));

/** The order list as the web fetches it (filter[favorites], limit 1000). */
async function orderList(session: Session, relation: string | number = 1) {
  const res = await getJson(
    t.app,
    indexUrl({ 'page[offset]': 0, 'page[limit]': 1000, 'filter[favorites]': relation, 'filter[entity_type]': 'commerce_product' }),
    session.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json());
}

let product: ProductRef;

beforeEach(async () => {
  const { db } = t.app.database;
  // Start from empty order lists: the demo data has some favourites of its own.
  await db.delete(favorites);
  product = await productBySku(db, '101003');
});

describe('adding a favourite: POST /jsonapi/favorite_product/favorite_product', () => {
  it("puts the product on the caller's relation's list and answers 201 with the resource", async () => {
    const demo = await login(t.app, 'demo');
    const res = await post(demo, body(product.uuid));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toContain(JSON_API);
    const { data } = favoriteResponse.parse(res.json());
    const [relation] = await t.app.database.db.select().from(relations).where(eq(relations.id, 1));
    expect(data).toMatchObject({
      type: 'favorite_product--favorite_product',
      relationships: {
        product: { data: { type: 'commerce_product--default', id: product.uuid } },
        relation: { data: { type: 'relation--relation', id: relation?.uuid } },
      },
    });
    const rows = await rowsOf(1);
    expect(rows).toEqual([expect.objectContaining({ uuid: data.id, id: data.attributes.drupal_internal__id, productId: product.id, userId: 1 })]);
    expect(new Date(data.attributes.created).getTime()).toBe(rows[0]?.createdAt.getTime());
    const list = await orderList(demo);
    expect(list.data.map((p) => [p.id, p.is_favorite, p.favorite_id])).toEqual([[product.uuid, true, data.id]]);
  });

  it('answers 200 with the existing favourite when the product is on the list already', async () => {
    const demo = await login(t.app, 'demo');
    const first = await post(demo, body(product.uuid));
    const again = await post(demo, body(product.uuid.toUpperCase()), 'application/json');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await rowsOf(1)).toHaveLength(1);
  });

  it('shares the list between the users of one relation', async () => {
    const { db } = t.app.database;
    await db.update(users).set({ relationId: 1 }).where(eq(users.name, 'demo-en'));
    const demo = await login(t.app, 'demo');
    const colleague = await login(t.app, 'demo-en');
    const created = await post(demo, body(product.uuid));
    const again = await post(colleague, body(product.uuid));
    expect(again.statusCode).toBe(200);
    expect((await orderList(colleague)).data.map((p) => p.id)).toEqual([product.uuid]);
    expect((await remove(colleague, created.json().data.id)).statusCode).toBe(204);
    expect(await rowsOf(1)).toEqual([]);
  });

  it('answers 404 for an unknown or inactive product and stores nothing', async () => {
    const { db } = t.app.database;
    const demo = await login(t.app, 'demo');
    const unknown = await post(demo, body('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ status: '404' });
    await db.update(products).set({ active: false }).where(eq(products.id, product.id));
    expect((await post(demo, body(product.uuid))).statusCode).toBe(404);
    expect(await rowsOf(1)).toEqual([]);
  });

  it.each([
    ['wrong resource type', { data: { ...body('x').data, type: 'node--page' } }, 'data.type'],
    ['no relationships', { data: { type: 'favorite_product--favorite_product' } }, 'data.relationships'],
    ['product id not a uuid', body('1'), 'data.relationships.product.data.id'],
    ['wrong product type', { data: { ...body('x').data, relationships: { product: { data: { type: 'node--page', id: '00000000-0000-4000-8000-000000000000' } } } } }, 'data.relationships.product.data.type'],
    ['no data', {}, 'data'],
    ['a list', [body('x')], 'body'],
  ])('answers 400 for a malformed document (%s) and stores nothing', async (_what, payload, field) => {
    const demo = await login(t.app, 'demo');
    const res = await post(demo, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { detail: string }) => e.detail).join(' ')).toContain(field);
    expect(await rowsOf(1)).toEqual([]);
  });

  it('answers 400 for invalid JSON, an empty body or another content type, and stores nothing', async () => {
    const demo = await login(t.app, 'demo');
    expect((await post(demo, '{"data": {')).statusCode).toBe(400);
    expect((await post(demo, '')).statusCode).toBe(400);
    const text = await post(demo, JSON.stringify(body(product.uuid)), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain('text/plain');
    expect((await post(demo, 'data=1', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    expect(await rowsOf(1)).toEqual([]);
  });

  it("answers 400 'No relation found' to a user without relation", async () => {
    const session = await login(t.app, 'norelation');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/en/jsonapi/favorite_product/favorite_product`,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': JSON_API },
      payload: JSON.stringify(body(product.uuid)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'No relation found', errors: [{ status: '400', detail: 'No relation found' }] });
    expect(await t.app.database.db.select().from(favorites)).toEqual([]);
  });

  it('is forbidden without a session or without the CSRF token', async () => {
    expect((await post({}, body(product.uuid))).statusCode).toBe(403);
    const demo = await login(t.app, 'demo');
    expect((await post({ cookie: demo.cookie }, body(product.uuid))).statusCode).toBe(403);
    expect(await rowsOf(1)).toEqual([]);
  });
});

describe('removing a favourite: DELETE /jsonapi/favorite_product/favorite_product/{id}', () => {
  it('removes one of the relation\'s own favourites (204), then it is gone (404)', async () => {
    const demo = await login(t.app, 'demo');
    const id = (await post(demo, body(product.uuid))).json().data.id as string;
    const res = await remove(demo, id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowsOf(1)).toEqual([]);
    expect((await remove(demo, id)).statusCode).toBe(404);
  });

  it("answers 404 for another relation's favourite and leaves it alone", async () => {
    const demo = await login(t.app, 'demo');
    const id = (await post(demo, body(product.uuid))).json().data.id as string;
    const grooth = await login(t.app, 'grooth');
    const res = await remove(grooth, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].status).toBe('404');
    expect(await rowsOf(1)).toHaveLength(1);
    const norelation = await login(t.app, 'norelation');
    const refused = await remove(norelation, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Geen relatie gevonden');
    expect(await rowsOf(1)).toHaveLength(1);
  });

  it('answers 400 for an id that is not a uuid, 403 without a session', async () => {
    const demo = await login(t.app, 'demo');
    const id = (await post(demo, body(product.uuid))).json().data.id as string;
    expect((await remove(demo, '12')).statusCode).toBe(400);
    expect((await remove({}, id)).statusCode).toBe(403);
    expect((await remove({ cookie: demo.cookie }, id)).statusCode).toBe(403);
    expect(await rowsOf(1)).toHaveLength(1);
  });
});

describe('the order list: filter[favorites]', () => {
  it("lists the caller's own favourites whatever relation the filter names", async () => {
    const { db } = t.app.database;
    const other = await productBySku(db, '101005');
    const demo = await login(t.app, 'demo');
    const grooth = await login(t.app, 'grooth');
    await post(demo, body(product.uuid));
    await post(grooth, body(other.uuid));
    const [groothRelation] = await db.select().from(relations).where(eq(relations.id, 3));
    for (const named of [3, groothRelation?.uuid ?? '', 1, 999]) {
      expect((await orderList(demo, named)).data.map((p) => p.id)).toEqual([product.uuid]);
      expect((await orderList(grooth, named)).data.map((p) => p.id)).toEqual([other.uuid]);
    }
  });

  it("answers 400 'No relation found' to a user without relation", async () => {
    const session = await login(t.app, 'norelation');
    const res = await getJson(t.app, indexUrl({ 'filter[favorites]': 1 }), session.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Geen relatie gevonden' });
  });

  it('leaves out favourites whose product is no longer active', async () => {
    const { db } = t.app.database;
    const demo = await login(t.app, 'demo');
    await post(demo, body(product.uuid));
    await db.update(products).set({ active: false }).where(eq(products.id, product.id));
    expect(await orderList(demo)).toEqual({ data: [], meta: { count: 0, facets: expect.any(Object) } });
  });
});
