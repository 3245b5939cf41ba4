import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { relationResponse } from '../../../shared/api/account';
import { relations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';

const t = useTestApp();

const relationUrl = (uuid: string, prefix = '') => `${API}${prefix}/jsonapi/relation/relation/${uuid}`;

async function ownRelationUuid(cookie: string): Promise<string> {
  const res = await t.app.inject({ url: `${API}/jsonapi/current-user?jsonapi_include=1&include=active_relation`, headers: { cookie } });
  return res.json().data.active_relation.id;
}

describe('relation: GET /jsonapi/relation/relation/{relation_uuid}', () => {
  it("answers the caller's own relation with address, contact, delivery days and delivery addresses", async () => {
    const { cookie } = await login(t.app, 'demo');
    const uuid = await ownRelationUuid(cookie);
    const res = await t.app.inject({ url: relationUrl(uuid), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    const { data } = relationResponse.parse(res.json());
    expect(data).toMatchObject({
      type: 'relation--relation',
      id: uuid,
      attributes: {
        drupal_internal__id: 1,
        name: 'Restaurant La Catrina',
        address: { address_line1: 'Prinsengracht 212', postal_code: '1016 HE', locality: 'Amsterdam', country_code: 'NL' },
        phone: '+31 20 624 1972',
        mail: 'la-catrina@example.nl',
        coc_number: '34127856',
        vat_number: 'NL812745630B01',
        free_delivery_amount: 'Franco vanaf € 350,-',
        delivery_days: ['tuesday', 'thursday', 'friday'],
        pricelist: 'STANDAARD',
        langcode: 'nl',
      },
    });
    expect(data.attributes.delivery_addresses.map((a) => a.label)).toEqual([
      'Hoofdvestiging',
      'Keuken Centrum',
      'Evenementenlocatie Westergas',
    ]);
    expect(data.attributes.delivery_addresses[1]).toEqual({
      profile_id: expect.any(Number),
      label: 'Keuken Centrum',
      address_line1: 'Nieuwezijds Voorburgwal 88',
      postal_code: '1012 SG',
      locality: 'Amsterdam',
      country_code: 'NL',
    });
  });

  it("answers 404 for another customer's relation and reveals nothing of it", async () => {
    const demoEn = await login(t.app, 'demo-en');
    const otherUuid = await ownRelationUuid(demoEn.cookie);
    const { cookie } = await login(t.app, 'demo');
    const res = await t.app.inject({ url: relationUrl(otherUuid), headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Taco Lab');
    expect(res.json().errors[0]).toMatchObject({ status: '404' });
  });

  it('answers 404 for an unknown uuid or something that is not a uuid', async () => {
    const { cookie } = await login(t.app, 'demo');
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      expect((await t.app.inject({ url: relationUrl(uuid), headers: { cookie } })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: relationUrl('x'.repeat(300)), headers: { cookie } })).statusCode).toBe(400);
  });

  it("answers 404 'No relation found' to a user without a relation", async () => {
    const demo = await login(t.app, 'demo');
    const uuid = await ownRelationUuid(demo.cookie);
    const { cookie } = await login(t.app, 'norelation');
    const res = await t.app.inject({ url: relationUrl(uuid, '/en'), headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No relation found', errors: [{ status: '404', detail: 'No relation found' }] });
  });

  it('answers 404 once the relation is no longer active', async () => {
    const { cookie } = await login(t.app, 'demo');
    const uuid = await ownRelationUuid(cookie);
    await t.app.database.db.update(relations).set({ active: false }).where(eq(relations.uuid, uuid));
    expect((await t.app.inject({ url: relationUrl(uuid), headers: { cookie } })).statusCode).toBe(404);
  });

  it('is forbidden without a session', async () => {
    const demo = await login(t.app, 'demo');
    const uuid = await ownRelationUuid(demo.cookie);
    const res = await t.app.inject({ url: relationUrl(uuid) });
    expect(res.statusCode).toBe(403);
  });
});
