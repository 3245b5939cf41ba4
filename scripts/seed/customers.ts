import type * as schema from '../../src/server/db/schema';
import {
  addressLabels,
  businessNames,
  cities,
  type City,
  deliveryDayOptions,
  firstNames,
  freeDeliveryAmounts,
  industrialStreets,
  legalForms,
  namePatterns,
  type RelationKind,
  streets,
  surnames,
  userRoles,
} from './customer-data';
import { createRandom, type Random } from './random';

export type RelationRow = typeof schema.relations.$inferInsert & { id: number; erpNumber: string };
export type DeliveryAddressRow = typeof schema.deliveryAddresses.$inferInsert & { id: number };
export type UserRow = typeof schema.users.$inferInsert & { id: number };

export interface CustomerRows {
  relations: RelationRow[];
  deliveryAddresses: DeliveryAddressRow[];
  users: UserRow[];
}

/** Generated relations at scale 1; `scale` multiplies it. */
export const RELATIONS_PER_SCALE = 20;
export const MIN_GENERATED_RELATIONS = 14;

interface Address {
  addressLine1: string;
  postalCode: string;
  locality: string;
  countryCode: 'NL' | 'BE';
}
type DemoAddress = readonly [label: string, addressLine1: string, postalCode: string, locality: string];

interface DemoRelation {
  key: 'demo' | 'demo-en' | 'grooth' | 'ghint';
  relation: Omit<RelationRow, 'id' | 'uuid'>;
  addresses: readonly DemoAddress[];
}

/**
 * The relations of the demo accounts. They come first, so their ids are 1-4 in this order
 * whatever the seed or scale.
 */
const demoRelations: readonly DemoRelation[] = [
  {
    key: 'demo',
    relation: {
      erpNumber: '1000', name: 'Restaurant La Catrina', addressLine1: 'Prinsengracht 212', postalCode: '1016 HE', locality: 'Amsterdam', countryCode: 'NL',
      phone: '+31 20 624 1972', mail: 'la-catrina@example.nl', cocNumber: '34127856', vatNumber: 'NL812745630B01', pricelist: 'STANDAARD', langcode: 'nl',
      freeDeliveryAmount: 'Franco vanaf € 350,-', deliveryDays: ['tuesday', 'thursday', 'friday'],
    },
    addresses: [
      ['Hoofdvestiging', 'Prinsengracht 212', '1016 HE', 'Amsterdam'],
      ['Keuken Centrum', 'Nieuwezijds Voorburgwal 88', '1012 SG', 'Amsterdam'],
      ['Evenementenlocatie Westergas', 'Pazzanistraat 4', '1014 DB', 'Amsterdam'],
    ],
  },
  {
    key: 'demo-en',
    relation: {
      erpNumber: '1001', name: 'The Taco Lab B.V.', addressLine1: 'Witte de Withstraat 51', postalCode: '3012 BM', locality: 'Rotterdam', countryCode: 'NL',
      phone: '+31 10 411 2290', mail: 'the-taco-lab@example.nl', cocNumber: '24418830', vatNumber: 'NL856102334B01', pricelist: 'STANDAARD', langcode: 'en',
      freeDeliveryAmount: 'Free delivery from € 250', deliveryDays: [],
    },
    addresses: [
      ['Main branch', 'Witte de Withstraat 51', '3012 BM', 'Rotterdam'],
      ['Central kitchen', 'Keileweg 10', '3029 BS', 'Rotterdam'],
    ],
  },
  {
    key: 'grooth',
    relation: {
      erpNumber: '1002', name: 'Foodservice Noord B.V.', addressLine1: 'Atoomweg 50', postalCode: '9743 AK', locality: 'Groningen', countryCode: 'NL',
      phone: '+31 50 571 3300', mail: 'foodservice-noord@example.nl', cocNumber: '02093317', vatNumber: 'NL801455279B01', pricelist: 'GROOTH', langcode: 'nl',
      freeDeliveryAmount: 'Franco vanaf € 500,-', deliveryDays: ['monday', 'wednesday', 'friday'],
      // Its terms count deposits towards the free-delivery amount (decision 028).
      depositsCountFreeDelivery: true,
    },
    addresses: [
      ['Hoofdvestiging', 'Atoomweg 50', '9743 AK', 'Groningen'],
      ['Magazijn Zuid', 'Duinkerkenstraat 20', '9723 BP', 'Groningen'],
    ],
  },
  {
    key: 'ghint',
    relation: {
      erpNumber: '1003', name: 'Latina Distributie BV', addressLine1: 'Noorderlaan 133', postalCode: '2030', locality: 'Antwerpen', countryCode: 'BE',
      phone: '+32 3 541 27 60', mail: 'latina-distributie@example.be', cocNumber: '0456.789.130', vatNumber: 'BE0456789130', pricelist: 'GH-INT', langcode: 'en',
      freeDeliveryAmount: 'Free delivery from € 750', deliveryDays: ['tuesday'],
      // A distributor that books every delivery against its own purchase order.
      poReferenceRequired: true,
    },
    addresses: [['Main branch', 'Noorderlaan 133', '2030', 'Antwerpen']],
  },
];

type DemoUser = Omit<UserRow, 'id' | 'uuid' | 'pass' | 'relationId'> & { relation: DemoRelation['key'] | null };

/** The demo accounts, in insertion order (user ids 1-8). */
const demoUsers: readonly DemoUser[] = [
  { name: 'demo', mail: 'demo@example.nl', firstname: 'Sanne', surnamePrefix: 'de', surname: 'Vries', langcode: 'nl', roles: ['customer'], relation: 'demo' },
  { name: 'demo-en', mail: 'demo-en@example.nl', firstname: 'Lucía', surnamePrefix: '', surname: 'Hernández', langcode: 'en', roles: ['customer'], relation: 'demo-en' },
  { name: 'grooth', mail: 'grooth@example.nl', firstname: 'Pieter', surnamePrefix: 'van der', surname: 'Linden', langcode: 'nl', roles: ['customer'], relation: 'grooth' },
  { name: 'ghint', mail: 'ghint@example.be', firstname: 'Tom', surnamePrefix: '', surname: 'Peeters', langcode: 'en', roles: ['customer'], relation: 'ghint' },
  { name: 'norelation', mail: 'norelation@example.nl', firstname: 'Fleur', surnamePrefix: '', surname: 'Bakker', langcode: 'nl', roles: ['customer'], relation: null },
  { name: 'staff', mail: 'staff@example.nl', firstname: 'Ingrid', surnamePrefix: 'van den', surname: 'Berg', langcode: 'nl', roles: ['staff', 'staff_admin'], relation: null },
  { name: 'orderdesk', mail: 'orderdesk@example.nl', firstname: 'Mehmet', surnamePrefix: '', surname: 'Yilmaz', langcode: 'nl', roles: ['staff', 'staff_order_desk'], relation: null },
  { name: 'finance', mail: 'finance@example.nl', firstname: 'Anouk', surnamePrefix: '', surname: 'Janssen', langcode: 'en', roles: ['staff', 'staff_finance'], relation: null },
];

const slug = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ı/g, 'i').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function postalCode(rng: Random, city: City): string {
  const digits = String(rng.int(city.postal[0], city.postal[1]));
  if (city.country === 'BE') return digits;
  // PostNL never issues SA, SD or SS.
  let letters = 'SS';
  while (letters === 'SA' || letters === 'SD' || letters === 'SS') {
    letters = String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25));
  }
  return `${digits} ${letters}`;
}

function address(rng: Random, city: City, industrial = false): Address {
  const street = industrial ? rng.pick(industrialStreets) : rng.pick(streets[city.country]);
  return { addressLine1: `${street} ${rng.int(1, 180)}`, postalCode: postalCode(rng, city), locality: city.name, countryCode: city.country };
}

function phone(rng: Random, city: City): string {
  if (city.country === 'NL') return `+31 ${city.area} ${rng.int(2, 9)}${rng.digits(2)} ${rng.digits(4)}`;
  return city.area.length === 1
    ? `+32 ${city.area} ${rng.digits(3)} ${rng.digits(2)} ${rng.digits(2)}`
    : `+32 ${city.area} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
}

/** A Belgian enterprise number: ten digits, the last two 97 minus the first eight modulo 97. */
function belgianEnterpriseNumber(rng: Random): string {
  const first = `0${rng.int(2, 9)}${rng.digits(6)}`;
  const check = String(97 - (Number(first) % 97)).padStart(2, '0');
  const n = first + check;
  return `${n.slice(0, 4)}.${n.slice(4, 7)}.${n.slice(7)}`;
}

export function generateCustomers(rng: Random, scale: number, passwordHash: string): CustomerRows {
  const rows: CustomerRows = { relations: [], deliveryAddresses: [], users: [] };
  // A fixed stream: the demo accounts keep their uuids whatever seed is chosen.
  const demoUuids = createRandom(0, 'demo-accounts');
  const relationIds = new Map<string, number>();
  for (const demo of demoRelations) {
    const id = rows.relations.length + 1;
    rows.relations.push({ id, uuid: demoUuids.uuid(), depositsCountFreeDelivery: false, poReferenceRequired: false, ...demo.relation, active: true });
    relationIds.set(demo.key, id);
    demo.addresses.forEach(([label, addressLine1, postal, locality], i) => {
      rows.deliveryAddresses.push({
        id: rows.deliveryAddresses.length + 1, relationId: id, erpCode: `${demo.relation.erpNumber}-${String(i + 1).padStart(2, '0')}`,
        label, addressLine1, postalCode: postal, locality, countryCode: demo.relation.countryCode ?? 'NL', isDefault: i === 0,
      });
    });
  }
  for (const { relation, ...user } of demoUsers) {
    rows.users.push({ id: rows.users.length + 1, uuid: demoUuids.uuid(), ...user, pass: passwordHash, relationId: relation ? (relationIds.get(relation) ?? null) : null, active: true });
  }

  const uuids = rng.fork('uuids');
  const people = rng.fork('people');
  const usedMail = new Set(rows.users.map((u) => u.mail));
  // At least a dozen: the browser tests give every spec that changes a customer's data customers of its own.
  const count = Math.max(MIN_GENERATED_RELATIONS, Math.round(RELATIONS_PER_SCALE * scale));
  for (let n = 0; n < count; n++) {
    const id = rows.relations.length + 1;
    const erpNumber = String(1004 + n);
    const city = rng.pick(cities);
    const kind = rng.weighted<RelationKind>([['restaurant', 50], ['shop', 25], ['caterer', 25]]);
    const langcode = rng.chance(city.country === 'BE' ? 0.25 : 0.1) ? 'en' : 'nl';
    const [, contactSurname] = people.pick(surnames);
    const base = rng.pick(namePatterns[kind]).replace('{n}', rng.pick(businessNames)).replace('{c}', city.name).replace('{s}', contactSurname);
    const form = rng.pick(legalForms[city.country]);
    const name = form ? `${base} ${form}` : base;
    const amount = rng.pick(freeDeliveryAmounts);
    const main = address(rng, city);
    const telephone = phone(rng, city);
    const cocNumber = city.country === 'NL' ? `${rng.int(1, 9)}${rng.digits(7)}` : belgianEnterpriseNumber(rng);
    // A Belgian VAT number is the enterprise number; a Dutch one is separate from the KvK number.
    const vatNumber = city.country === 'NL' ? `NL${rng.digits(9)}B01` : `BE${cocNumber.replace(/\./g, '')}`;
    rows.relations.push({
      id, uuid: uuids.uuid(), erpNumber, name, ...main, phone: telephone, mail: `${slug(base)}-${erpNumber}@example.${city.country.toLowerCase()}`,
      cocNumber, vatNumber, pricelist: rng.weighted([['STANDAARD', 60], ['GROOTH', 28], ['GH-INT', 12]]), langcode,
      freeDeliveryAmount: langcode === 'nl' ? `Franco vanaf € ${amount},-` : `Free delivery from € ${amount}`,
      deliveryDays: [...rng.weighted(deliveryDayOptions)], depositsCountFreeDelivery: false, poReferenceRequired: false, active: true,
    });

    const labels = addressLabels[langcode];
    const extra = rng.sample(labels.extra, rng.weighted([[0, 40], [1, 40], [2, 20]]));
    const sameCountry = cities.filter((c) => c.country === city.country);
    [labels.main, ...extra].forEach((label, i) => {
      const where = i === 0 ? main : address(rng, rng.chance(0.7) ? city : rng.pick(sameCountry), /magazijn|warehouse|centrale|central/i.test(label));
      rows.deliveryAddresses.push({
        id: rows.deliveryAddresses.length + 1, relationId: id, erpCode: `${erpNumber}-${String(i + 1).padStart(2, '0')}`,
        label: label.replace('{c}', where.locality), ...where, isDefault: i === 0,
      });
    });

    for (const role of people.sample(userRoles[kind][langcode], people.chance(0.4) ? 2 : 1)) {
      const firstname = people.pick(firstNames);
      const [surnamePrefix, surname] = people.pick(surnames);
      const local = `${slug(firstname)}.${slug(`${surnamePrefix}${surname}`)}`;
      const domain = `example.${city.country.toLowerCase()}`;
      let mail = `${local}@${domain}`;
      for (let k = 2; usedMail.has(mail); k++) mail = `${local}${k}@${domain}`;
      usedMail.add(mail);
      rows.users.push({
        id: rows.users.length + 1, uuid: uuids.uuid(), name: `r${erpNumber}-${role}`, mail, pass: passwordHash,
        firstname, surnamePrefix, surname, langcode, roles: ['customer'], relationId: id, active: true,
      });
    }
  }
  return rows;
}

export interface DemoAccount {
  name: string;
  role: 'customer' | 'staff';
  description: string;
  userId: number;
  relationId: number | null;
  deliveryAddressIds: number[];
}

function staffDescription(roles: readonly string[]): string {
  if (roles.includes('staff_admin')) return 'staff admin: the whole staff area; can masquerade as a customer';
  if (roles.includes('staff_order_desk')) return 'staff, order desk: orders, price requests, customers; can masquerade';
  return 'staff, finance: payments, open invoices, payments to check';
}

/** The demo accounts with their fixed ids, derived from the same lists the generator inserts. */
export const demoAccountDetails: readonly DemoAccount[] = (() => {
  let addressId = 0;
  const addressIds = new Map(demoRelations.map((d) => [d.key, d.addresses.map(() => ++addressId)]));
  return demoUsers.map((user, i): DemoAccount => {
    const demo = demoRelations.find((d) => d.key === user.relation);
    const relationId = demo ? demoRelations.indexOf(demo) + 1 : null;
    const r = demo?.relation;
    const description = r
      ? `customer of ${r.name} (${r.locality}), price list ${r.pricelist}, language ${r.langcode}, ${demo.addresses.length} delivery address${demo.addresses.length > 1 ? 'es' : ''}`
      : user.roles?.includes('staff')
        ? staffDescription(user.roles)
        : 'customer without a relation (no favourites, no order list)';
    return {
      name: user.name, role: user.roles?.includes('staff') ? 'staff' : 'customer', description,
      userId: i + 1, relationId, deliveryAddressIds: demo ? (addressIds.get(demo.key) ?? []) : [],
    };
  });
})();
