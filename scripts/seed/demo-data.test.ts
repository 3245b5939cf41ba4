import { verify } from '@node-rs/argon2';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { sanitizeHtmlText } from '../../src/server/html';
import { footerMenus } from './content';
import { amsterdamDate, DatabaseNotEmptyError, DEMO_PASSWORD, type DemoSummary, demoAccounts, generateDemoData, loadDemoData } from './demo-data';

const SCALE = 1;
const SEED = 4242;

/** Columns that say when a row was written rather than what it holds, and the salted hash. */
const volatile = sql.raw(`'created_at', 'updated_at', 'changed_at', 'pass'`);

/** An md5 per table over every row (as jsonb text, sorted), so two loads can be compared whole. */
async function digest(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = [
    'price_lists', 'relations', 'delivery_addresses', 'users', 'categories', 'products', 'variations', 'product_food', 'product_allergens',
    'product_categories', 'files', 'product_images', 'prices', 'favorites', 'quotes', 'quote_lines', 'content_pages', 'menu_links', 'app_meta',
  ];
  for (const table of tables) {
    const result = (await database.db.execute(sql`
      select count(*)::int as n, md5(coalesce(string_agg(r, E'\n' order by r), '')) as digest
      from (select ((to_jsonb(t) - array[${volatile}]) #- '{value,loadedAt}')::text as r from ${sql.identifier(table)} t) s`)) as unknown as {
      rows: { n: number; digest: string }[];
    };
    const row = result.rows[0];
    out[table] = `${row?.n}:${row?.digest}`;
  }
  return out;
}

const account = (name: string) => {
  const found = demoAccounts.find((a) => a.name === name);
  if (!found) throw new Error(`no demo account ${name}`);
  return found;
};

async function loaded(): Promise<{ database: Database; summary: DemoSummary }> {
  const database = await openDatabase({ pgliteMemory: true });
  await database.migrate();
  return { database, summary: await loadDemoData(database.db, { scale: SCALE, seed: SEED }) };
}

describe('demo data', () => {
  let database: Database;
  let summary: DemoSummary;
  /** A second load with the same scale and seed, only for the determinism test (which may change it). */
  let twin: { database: Database; summary: DemoSummary };

  beforeAll(async () => {
    // In parallel: creating a PGlite instance is most of the cost, and it uses another core.
    [{ database, summary }, twin] = await Promise.all([loaded(), loaded()]);
  });

  afterAll(async () => {
    await Promise.all([database?.close(), twin?.database.close()]);
  });

  it('loads the same rows into a second database for the same scale and seed', async () => {
    expect(twin.summary).toEqual(summary);
    const [a, b] = [await digest(database), await digest(twin.database)];
    expect(Object.values(a).every((d) => !d.startsWith('0:'))).toBe(true);
    expect(b).toEqual(a);

    // The ids were set explicitly; the sequences must have moved past them for the app's inserts.
    const [link] = await twin.database.db
      .insert(schema.menuLinks)
      .values({ menuName: 'webshop-footer-menu', titleNl: 'Extra', titleEn: 'Extra', urlNl: '/x', urlEn: '/x' })
      .returning({ id: schema.menuLinks.id });
    expect(link?.id).toBe(summary.menuLinks + 1);
  });

  it('draws other rows for another seed, but keeps the demo accounts as they are', () => {
    const a = generateDemoData({ scale: 0.25, seed: 1, passwordHash: 'h', loadedAt: '2026-11-22T08:00:00Z' });
    const b = generateDemoData({ scale: 0.25, seed: 2, passwordHash: 'h', loadedAt: '2026-11-22T08:00:00Z' });
    const again = generateDemoData({ scale: 0.25, seed: 1, passwordHash: 'h', loadedAt: '2026-11-22T08:00:00Z' });
    expect(again).toEqual(a);
    expect(b.products.map((p) => p.titleNl)).not.toEqual(a.products.map((p) => p.titleNl));
    const demoRows = (rows: typeof a) => ({ relations: rows.relations.slice(0, 4), users: rows.users.slice(0, 6), addresses: rows.deliveryAddresses.slice(0, 8) });
    expect(demoRows(b)).toEqual(demoRows(a));
  });

  it('keeps a quarter scale small but gives every category and demo account something', () => {
    const rows = generateDemoData({ scale: 0.25, seed: 1, passwordHash: 'h' });
    expect(rows.products.length).toBe(100);
    const filled = new Set(rows.productCategories.map((pc) => pc.categoryId));
    const leaves = rows.categories.filter((c) => c.parentId !== null);
    expect(leaves.every((c) => filled.has(c.id))).toBe(true);
    expect(rows.users.map((u) => u.name)).toEqual(expect.arrayContaining(demoAccounts.map((a) => a.name)));
  });

  it("gives staff's list of mails not delivered something to show: one refused for good, one given up after its attempts", () => {
    const { mailOutbox } = generateDemoData({ scale: 0.25, seed: 1, passwordHash: 'h', loadedAt: '2026-11-22T08:00:00Z' });
    expect(mailOutbox.map((m) => [m.kind, m.attempts, m.lastError?.slice(0, 3), m.failedAt! < new Date('2026-11-22T08:00:00Z')])).toEqual([
      ['food_change', 1, '550', true],
      ['password_reset', 8, '452', true],
    ]);
  });

  it('gives the price requests inbox open requests of demo, demo-en and grooth, one answered with a quote and one declined', () => {
    const rows = generateDemoData({ scale: 0.25, seed: 1, passwordHash: 'h', loadedAt: '2026-11-22T08:00:00Z' });
    const nameOf = new Map(rows.users.map((u) => [u.id, u.name]));
    const open = rows.priceRequests.filter((r) => r.state === 'open');
    expect([...new Set(open.map((r) => nameOf.get(r.userId)))]).toEqual(['demo', 'demo-en', 'grooth']);
    // Asked at least an hour before loading: no repeat window or hourly limit of the shop is touched.
    expect(rows.priceRequests.every((r) => (r.createdAt as Date) <= new Date('2026-11-22T07:00:00Z'))).toBe(true);
    const quoted = rows.priceRequests.filter((r) => r.state === 'quoted');
    expect(quoted).toHaveLength(1);
    const quote = rows.quotes.find((q) => q.id === quoted[0]!.quoteId);
    expect(quote).toMatchObject({ erpId: `WEB-PR-${quoted[0]!.id}`, relationId: quoted[0]!.relationId, validUntil: '2027-01-21' });
    expect(rows.quoteLines.filter((l) => l.quoteId === quote!.id)).toHaveLength(1);
    expect(rows.priceRequests.filter((r) => r.state === 'declined').map((r) => [r.answerMessage !== null, r.quoteId])).toEqual([[true, null]]);
    // Answered for other relations than the demo accounts': their quotes stay as the catalogue tests know them.
    expect(rows.priceRequests.filter((r) => r.state !== 'open').every((r) => (r.relationId ?? 0) > 4)).toBe(true);
  });

  it('refuses to load into a database that already holds data, and leaves it alone', async () => {
    await expect(loadDemoData(database.db, { scale: 0.25 })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    expect(await database.db.$count(schema.users)).toBe(summary.users);
  });

  it('gives the demo accounts their fixed ids, relations, price lists and languages', async () => {
    const rows = await database.db
      .select({ user: schema.users, relation: schema.relations })
      .from(schema.users)
      .leftJoin(schema.relations, eq(schema.users.relationId, schema.relations.id))
      .where(sql`${schema.users.id} <= ${demoAccounts.length}`)
      .orderBy(asc(schema.users.id));
    const byName = new Map(rows.map((r) => [r.user.name, r]));
    for (const a of demoAccounts) {
      expect(byName.get(a.name)?.user.id).toBe(a.userId);
      expect(byName.get(a.name)?.user.relationId ?? null).toBe(a.relationId);
    }
    const demo = byName.get('demo');
    expect(demo?.user.roles).toEqual(['customer']);
    expect(demo?.relation).toMatchObject({ pricelist: 'STANDAARD', langcode: 'nl', freeDeliveryAmount: 'Franco vanaf € 350,-' });
    expect(demo?.relation?.deliveryDays).toEqual(['tuesday', 'thursday', 'friday']);
    expect(byName.get('demo-en')?.relation).toMatchObject({ pricelist: 'STANDAARD', langcode: 'en' });
    expect(byName.get('demo-en')?.user.langcode).toBe('en');
    expect(byName.get('grooth')?.relation?.pricelist).toBe('GROOTH');
    expect(byName.get('ghint')?.relation?.pricelist).toBe('GH-INT');
    expect(byName.get('norelation')?.user).toMatchObject({ relationId: null, roles: ['customer'] });
    expect(byName.get('staff')?.user).toMatchObject({ relationId: null, roles: ['staff', 'staff_admin'] });
    expect(byName.get('orderdesk')?.user).toMatchObject({ relationId: null, roles: ['staff', 'staff_order_desk'] });
    expect(byName.get('finance')?.user).toMatchObject({ relationId: null, roles: ['staff', 'staff_finance'], langcode: 'en' });

    const addresses = await database.db
      .select()
      .from(schema.deliveryAddresses)
      .where(eq(schema.deliveryAddresses.relationId, account('demo').relationId ?? -1))
      .orderBy(asc(schema.deliveryAddresses.id));
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    expect(addresses.map((a) => a.id)).toEqual(account('demo').deliveryAddressIds);
    expect(addresses.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('gives every generated relation one to three delivery addresses and at least one user', async () => {
    const counts = (await database.db.execute(sql`
      select r.id, (select count(*)::int from delivery_addresses d where d.relation_id = r.id) as addresses,
        (select count(*)::int from users u where u.relation_id = r.id) as users
      from relations r`)) as unknown as { rows: { id: number; addresses: number; users: number }[] };
    expect(counts.rows).toHaveLength(summary.relations);
    for (const r of counts.rows) {
      expect(r.addresses).toBeGreaterThanOrEqual(1);
      expect(r.addresses).toBeLessThanOrEqual(3);
      expect(r.users).toBeGreaterThanOrEqual(1);
    }
  });

  it('hashes demo1234 once for every user', async () => {
    const hashes = await database.db.selectDistinct({ pass: schema.users.pass }).from(schema.users);
    expect(hashes).toHaveLength(1);
    const stored = hashes[0]?.pass ?? '';
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verify(stored, DEMO_PASSWORD)).toBe(true);
    expect(await verify(stored, 'demo12345')).toBe(false);
  });

  it('prices every product in STANDAARD from 1 piece (or its order multiple, decision 029) and leaves gaps in GROOTH and GH-INT', async () => {
    const perList = (await database.db.execute(sql`
      select v.id,
        bool_or(p.pricelist = 'STANDAARD' and p.min_quantity = v.order_multiple) as standard_from_one,
        bool_or(p.pricelist = 'GROOTH') as grooth,
        bool_or(p.pricelist = 'GH-INT') as ghint,
        min(p.unit_price_cents) filter (where p.pricelist = 'STANDAARD' and p.min_quantity = 1) as standard,
        min(p.unit_price_cents) filter (where p.pricelist = 'GROOTH' and p.min_quantity = 1) as grooth_price
      from variations v left join prices p on p.variation_id = v.id group by v.id`)) as unknown as {
      rows: { id: number; standard_from_one: boolean; grooth: boolean; ghint: boolean; standard: number | null; grooth_price: number | null }[];
    };
    const rows = perList.rows;
    expect(rows).toHaveLength(summary.products);
    expect(rows.every((r) => r.standard_from_one)).toBe(true);
    const withoutGrooth = rows.filter((r) => !r.grooth).length / rows.length;
    expect(withoutGrooth).toBeGreaterThan(0.05);
    expect(withoutGrooth).toBeLessThan(0.3);
    expect(rows.some((r) => !r.ghint)).toBe(true);
    const both = rows.filter((r) => r.standard !== null && r.grooth_price !== null);
    expect(both.every((r) => (r.grooth_price ?? 0) < (r.standard ?? 0))).toBe(true);
    const tiered = await database.db.$count(schema.prices, sql`${schema.prices.pricelist} = 'STANDAARD' and ${schema.prices.minQuantity} > 1`);
    expect(tiered).toBeGreaterThan(summary.products * 0.3);
  });

  it('builds a two-level bilingual category tree with products in one or two categories', async () => {
    const categories = await database.db.select().from(schema.categories);
    const ids = new Set(categories.map((c) => c.id));
    const top = categories.filter((c) => c.parentId === null);
    expect(top.map((c) => c.nameNl)).toEqual(expect.arrayContaining(["Tortilla's", 'Tortillachips', 'Mole', 'Dranken', 'Keukengerei', 'Diepvries']));
    expect(categories.filter((c) => c.parentId !== null).length, 'subcategories').toBeGreaterThan(0);
    for (const c of categories) {
      expect(c.nameNl.length).toBeGreaterThan(0);
      expect(c.nameEn.length).toBeGreaterThan(0);
      if (c.parentId !== null) {
        expect(ids.has(c.parentId)).toBe(true);
        expect(top.some((t) => t.id === c.parentId)).toBe(true);
      }
    }
    const perProduct = (await database.db.execute(sql`
      select p.id, count(pc.category_id)::int as n from products p left join product_categories pc on pc.product_id = p.id group by p.id`)) as unknown as {
      rows: { id: number; n: number }[];
    };
    expect(perProduct.rows.every((r) => r.n === 1 || r.n === 2)).toBe(true);
    expect(perProduct.rows.some((r) => r.n === 2)).toBe(true);
  });

  it('numbers articles with unique six-digit skus and sets VAT by kind of product', async () => {
    const rows = await database.db
      .select({ sku: schema.variations.sku, vatClass: schema.products.vatClass, titleNl: schema.products.titleNl, active: schema.products.active })
      .from(schema.variations)
      .innerJoin(schema.products, eq(schema.products.id, schema.variations.productId));
    expect(rows.length).toBeGreaterThan(350);
    expect(rows.every((r) => /^\d{6}$/.test(r.sku) && r.active)).toBe(true);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
    expect(rows.find((r) => r.sku.startsWith('10'))?.sku).toBe('101001');
    expect(rows.filter((r) => /tequila|tortillapers/i.test(r.titleNl)).every((r) => r.vatClass === 'standard')).toBe(true);
    expect(rows.filter((r) => /maïstortilla|frisdrank/i.test(r.titleNl)).every((r) => r.vatClass === 'food')).toBe(true);
  });

  it('gives drinks their deposits (cans, bottles in crates, kegs) and announces a change of the low rate ahead', async () => {
    const deposits = await database.db
      .select({ title: schema.products.titleNl, kind: schema.variationDeposits.kind, amountCents: schema.variationDeposits.amountCents, quantity: schema.variationDeposits.quantity })
      .from(schema.variationDeposits)
      .innerJoin(schema.variations, eq(schema.variations.id, schema.variationDeposits.variationId))
      .innerJoin(schema.products, eq(schema.products.id, schema.variations.productId));
    expect(new Set(deposits.map((d) => d.kind))).toEqual(new Set(['can', 'bottle', 'crate', 'keg']));
    expect(deposits.filter((d) => /blik/.test(d.title)).every((d) => d.kind === 'can' && d.amountCents === 15 && d.quantity === 24)).toBe(true);
    expect(deposits.filter((d) => /tequila/i.test(d.title))).toEqual([]);
    const crateOf24 = deposits.filter((d) => /- 24 x 355 ml$/.test(d.title));
    expect(crateOf24.length).toBeGreaterThan(0);
    expect(crateOf24.every((d) => (d.kind === 'crate' && d.quantity === 1 && d.amountCents === 150) || (d.kind === 'bottle' && d.quantity === 24 && d.amountCents === 10))).toBe(true);
    const rates = await database.db.select().from(schema.vatRates);
    const food = rates.filter((r) => r.vatClass === 'food').sort((a, b) => a.validFrom.localeCompare(b.validFrom));
    expect(food.map((r) => r.rate)).toEqual([900, 1100]);
    expect(food[1]!.validFrom > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('writes product descriptions and specifications that the HTML sanitiser leaves as they are', async () => {
    const rows = await database.db
      .select({ d1: schema.products.descriptionNl, d2: schema.products.descriptionEn, s1: schema.products.specificationsNl, s2: schema.products.specificationsEn })
      .from(schema.products);
    const texts = rows.flatMap((r) => [r.d1, r.d2, r.s1, r.s2]);
    expect(texts.every((html) => html.length > 20)).toBe(true);
    expect(texts.filter((html) => sanitizeHtmlText(html) !== html)).toEqual([]);
  });

  it('fills every footer menu with prefix-less links, the pages ones pointing at real pages', async () => {
    const links = await database.db.select().from(schema.menuLinks).orderBy(asc(schema.menuLinks.menuName), asc(schema.menuLinks.weight));
    const pages = await database.db.select().from(schema.contentPages);
    for (const menu of Object.keys(footerMenus)) {
      const inMenu = links.filter((l) => l.menuName === menu);
      expect(inMenu.length).toBeGreaterThan(0);
      expect(inMenu.map((l) => l.weight)).toEqual(inMenu.map((_, i) => i));
    }
    for (const link of links) {
      expect(link.urlNl).toMatch(/^\/(?!en\/|nl\/)/);
      expect(link.urlEn).toMatch(/^\/(?!en\/|nl\/)/);
    }
    const pageLinks = links.filter((l) => !l.urlNl.startsWith('/account') && !l.urlNl.startsWith('/assortment'));
    for (const link of pageLinks) expect(pages.some((p) => p.pathNl === link.urlNl && p.pathEn === link.urlEn)).toBe(true);
    expect(links.find((l) => l.titleNl === 'Leveringsvoorwaarden')).toMatchObject({ urlNl: '/leveringsvoorwaarden', urlEn: '/delivery-terms' });
  });

  it('has the delivery terms page in both languages', async () => {
    const [page] = await database.db.select().from(schema.contentPages).where(eq(schema.contentPages.key, 'delivery-terms'));
    expect(page).toMatchObject({ pathNl: '/leveringsvoorwaarden', pathEn: '/delivery-terms', titleNl: 'Leveringsvoorwaarden', titleEn: 'Delivery terms', published: true });
    expect(page?.bodyNl).toContain('<h2>');
    expect(page?.bodyEn).toContain('<h2>');
    expect(page?.bodyNl).toMatch(/14\.00 uur/);
    expect(page?.bodyEn).toMatch(/2 pm/);
  });

  it('stores small text-free SVG images that sharp can render', async () => {
    const stats = (await database.db.execute(sql`
      select count(*)::int as n, max(length(data))::int as largest,
        count(*) filter (where position('<text'::bytea in data) > 0)::int as with_text,
        count(*) filter (where mime <> 'image/svg+xml' or filename !~ '^[0-9]{6}-[12][.]svg$')::int as odd
      from files`)) as unknown as { rows: { n: number; largest: number; with_text: number; odd: number }[] };
    expect(stats.rows[0]).toMatchObject({ n: summary.files, with_text: 0, odd: 0 });
    expect(stats.rows[0]?.largest).toBeLessThan(2048);
    const withoutImage = summary.products - (await database.db.selectDistinct({ id: schema.productImages.productId }).from(schema.productImages)).length;
    expect(withoutImage).toBeGreaterThan(0);
    expect(withoutImage).toBeLessThan(summary.products * 0.12);

    const [file] = await database.db.select().from(schema.files).orderBy(asc(schema.files.id)).limit(1);
    const jpeg = await sharp(file?.data).resize(400).jpeg().toBuffer();
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
  });

  it('dates upcoming price mutations after the day of loading, in every price list of the product', async () => {
    const today = amsterdamDate(new Date());
    const rows = (await database.db.execute(sql`
      select f.variation_id, f.pricelist, f.valid_from::text as starts, c.valid_until::text as ends, c.unit_price_cents as old, f.unit_price_cents as new
      from prices f join prices c on c.variation_id = f.variation_id and c.pricelist = f.pricelist
        and c.min_quantity = f.min_quantity and c.valid_from is null
      where f.valid_from is not null`)) as unknown as {
      rows: { variation_id: number; pricelist: string; starts: string; ends: string; old: number; new: number }[];
    };
    const mutations = rows.rows;
    expect(mutations.some((m) => m.variation_id === 2 && m.pricelist === 'STANDAARD')).toBe(true);
    const products = new Set(mutations.map((m) => m.variation_id)).size;
    expect(products).toBeGreaterThan(summary.products * 0.01);
    expect(products).toBeLessThan(summary.products * 0.1);
    expect(mutations.every((m) => m.starts > today && m.ends < m.starts && m.new !== m.old)).toBe(true);
  });

  it('gives demo quotes on the first page of the assortment and an order list; other demo accounts start empty', async () => {
    const quoteLines = (await database.db.execute(sql`
      select q.relation_id, v.sku, l.quote_price_cents, l.standard_cost_cents, p.unit_price_cents as standard
      from quote_lines l join quotes q on q.id = l.quote_id join variations v on v.id = l.variation_id
      join prices p on p.variation_id = v.id and p.pricelist = 'STANDAARD' and p.min_quantity = 1 and p.valid_from is null`)) as unknown as {
      rows: { relation_id: number; sku: string; quote_price_cents: number; standard_cost_cents: number; standard: number }[];
    };
    const demoLines = quoteLines.rows.filter((l) => l.relation_id === 1);
    const firstSku = (await database.db.select({ sku: schema.variations.sku }).from(schema.variations).orderBy(asc(schema.variations.sku)).limit(1))[0]?.sku;
    expect(demoLines.some((l) => l.sku === firstSku)).toBe(true);
    expect(quoteLines.rows.every((l) => l.quote_price_cents < l.standard && l.standard_cost_cents < l.quote_price_cents)).toBe(true);
    const favorites = await database.db.select().from(schema.favorites);
    expect(favorites.filter((f) => f.relationId === 1)).toHaveLength(6);
    expect(favorites.filter((f) => f.relationId > 1 && f.relationId <= 4)).toHaveLength(0);
    expect(quoteLines.rows.filter((l) => l.relation_id > 1 && l.relation_id <= 4)).toHaveLength(0);
  });

  it('gives demo webshop orders on account with an open invoice (Pay now in My orders) and one with a credit', async () => {
    const rows = (await database.db.execute(sql`
      select o.order_number, o.payment_state, o.total_cents, c.outstanding_cents
      from cash_invoices c join orders o on o.id = c.order_id
      where c.relation_id = 1 order by o.placed_at desc`)) as unknown as { rows: { order_number: string; payment_state: string; total_cents: number; outstanding_cents: number }[] };
    expect(rows.rows).toHaveLength(3);
    expect(rows.rows.every((r) => r.payment_state === 'on_account')).toBe(true);
    const [newest, second, third] = rows.rows;
    expect(newest!.outstanding_cents).toBe(newest!.total_cents);
    expect(third!.outstanding_cents).toBe(third!.total_cents);
    expect(second!.outstanding_cents).toBeLessThan(0);
    expect(-second!.outstanding_cents).toBeLessThanOrEqual(second!.total_cents);
  });

  it('gives the demo customers usual products: articles reordered in the last 90 days (My usual products)', async () => {
    const rows = (await database.db.execute(sql`
      select count(distinct o.id)::int as times
      from orders o join order_items i on i.order_id = o.id
      where o.relation_id = 1 and o.placed_at > now() - interval '90 days'
      group by i.variation_id order by times desc`)) as unknown as { rows: { times: number }[] };
    expect(rows.rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.rows.length).toBeLessThanOrEqual(8);
    expect(rows.rows[0]!.times).toBeGreaterThanOrEqual(3);
  });

  it('shows demo and demo-en a food change of a product they bought, three days old, on its product page (issue 19 point 6)', async () => {
    const result = (await database.db.execute(sql`
      select n.relation_id, c.allergens, c.ingredients_changed, (now() - c.changed_at) > interval '2 days' and (now() - c.changed_at) < interval '5 days' as recent,
        exists (select 1 from orders o join order_items i on i.order_id = o.id
                where o.relation_id = n.relation_id and i.product_id = c.product_id
                  and o.placed_at < c.changed_at and o.placed_at > c.changed_at - interval '90 days') as bought
      from food_change_notices n join food_changes c on c.id = n.food_change_id order by n.relation_id`)) as unknown as {
      rows: { relation_id: number; allergens: Array<{ from: string; to: string }>; ingredients_changed: boolean; recent: boolean; bought: boolean }[];
    };
    expect(result.rows.map((r) => r.relation_id)).toEqual([account('demo').relationId, account('demo-en').relationId]);
    for (const row of result.rows) {
      expect(row).toMatchObject({ ingredients_changed: true, recent: true, bought: true });
      expect(row.allergens[0]?.from).toBe('free');
    }
  });

  it('gives the orders board weeks of orders of the demo customers in every state from placing on, each taken through the state machine', async () => {
    const result = (await database.db.execute(sql`
      select o.state, count(*)::int as n, count(distinct o.relation_id)::int as relations,
        bool_and(h.steps > 0) as through_machine, bool_and((o.erp_export_seq is not null) = (h.exported > 0)) as numbered,
        count(*) filter (where o.req_dlv_date > ${amsterdamDate(new Date())}::date)::int as coming
      from orders o
      join (select order_id, count(*) as steps, count(*) filter (where event = 'export') as exported
            from order_history where system = 'demo_data' group by order_id) h on h.order_id = o.id
      group by o.state order by o.state`)) as unknown as { rows: { state: string; n: number; relations: number; through_machine: boolean; numbered: boolean; coming: number }[] };
    expect(result.rows.map((r) => r.state)).toEqual(['canceled', 'completed', 'confirmed', 'delivered', 'exported', 'placed', 'shipped']);
    const total = result.rows.reduce((n, r) => n + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(40);
    expect(total).toBeLessThanOrEqual(50);
    expect(result.rows.every((r) => r.through_machine && r.numbered)).toBe(true);
    expect(result.rows.find((r) => r.state === 'placed')).toMatchObject({ coming: 6 });
    const audit = (await database.db.execute(sql`select count(*)::int as n from audit_log where system = 'demo_data' and entity = 'order'`)) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]!.n).toBeGreaterThan(total);
  });

  it('gives staff ERP import runs (one refused with errors, failed ones with their reason), each with its audit entry', async () => {
    const runs = await database.db.select().from(schema.importRuns).orderBy(asc(schema.importRuns.id));
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.filter((r) => r.result === 'with_errors').map((r) => [r.kind, r.errorCount, r.refusedCount])).toEqual([['prices', 4, 3]]);
    expect(runs.filter((r) => r.result === 'failed').every((r) => r.failureCode !== null && r.failure !== null)).toBe(true);
    const errors = await database.db.select().from(schema.importRunErrors);
    expect(errors.filter((e) => e.runId === runs.find((r) => r.result === 'with_errors')!.id)).toHaveLength(4);
    const entries = await database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'import_run'));
    expect(entries.map((e) => Number(e.entityId)).sort((a, b) => a - b)).toEqual(runs.map((r) => r.id));
  });

  it('records the scale and seed it loaded', async () => {
    const [meta] = await database.db.select().from(schema.appMeta).where(eq(schema.appMeta.key, 'demo_data'));
    expect(meta?.value).toMatchObject({ scale: SCALE, seed: SEED, loadedAt: expect.any(String) });
  });
});
