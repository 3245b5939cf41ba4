import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentNodeResponse, translatePathPage } from '../../../shared/api/content';
import { jsonApiError } from '../../../shared/api/errors';
import { contentPages } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';

const t = useTestApp();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function translate(path: string, prefix: '' | '/en' = '', headers: Record<string, string> = {}) {
  return t.app.inject({ url: `${API}${prefix}/router/translate-path?path=${encodeURIComponent(path)}`, headers });
}

/** translate-path, then the individual URL as the web calls it (path after the host). */
async function pageAt(path: string, prefix: '' | '/en' = '') {
  const resolution = translatePathPage.parse((await translate(path, prefix)).json());
  const res = await t.app.inject({ url: new URL(resolution.jsonapi.individual).pathname });
  expect(res.statusCode).toBe(200);
  return { resolution, node: contentNodeResponse.parse(res.json()).data };
}

describe('GET /router/translate-path', () => {
  it('resolves the delivery terms in Dutch, without a session', async () => {
    const res = await translate('/leveringsvoorwaarden');
    expect(res.statusCode).toBe(200);
    const body = translatePathPage.parse(res.json());
    const { publicUrl } = t.app.config;
    expect(body).toMatchObject({
      resolved: `${publicUrl}/leveringsvoorwaarden`,
      label: 'Leveringsvoorwaarden',
      entity: { type: 'node', bundle: 'page', langcode: 'nl' },
      jsonapi: { resourceName: 'node--page', pathPrefix: 'jsonapi', entryPoint: `${publicUrl}${API}/jsonapi` },
    });
    expect(body.entity.uuid).toMatch(UUID_RE);
    expect(body.entity.id).toMatch(/^\d+$/);
    expect(body.jsonapi.individual).toBe(`${publicUrl}${API}/jsonapi/node/page/${body.entity.uuid}`);
  });

  it('resolves the English path under /en to the English page with an /en individual URL', async () => {
    const res = await translate('/delivery-terms', '/en');
    expect(res.statusCode).toBe(200);
    const body = translatePathPage.parse(res.json());
    const { publicUrl } = t.app.config;
    expect(body.label).toBe('Delivery terms');
    expect(body.resolved).toBe(`${publicUrl}/en/delivery-terms`);
    expect(body.entity.langcode).toBe('en');
    expect(body.jsonapi.individual).toBe(`${publicUrl}${API}/en/jsonapi/node/page/${body.entity.uuid}`);
    expect(body.jsonapi.entryPoint).toBe(`${publicUrl}${API}/en/jsonapi`);
  });

  it('finds the same page by its path in the other language', async () => {
    const nl = translatePathPage.parse((await translate('/leveringsvoorwaarden')).json());
    const enByDutchPath = translatePathPage.parse((await translate('/leveringsvoorwaarden', '/en')).json());
    const nlByEnglishPath = translatePathPage.parse((await translate('/delivery-terms')).json());
    expect(enByDutchPath.entity.uuid).toBe(nl.entity.uuid);
    expect(enByDutchPath.label).toBe('Delivery terms');
    expect(enByDutchPath.resolved).toMatch(/\/en\/delivery-terms$/);
    expect(nlByEnglishPath.entity.uuid).toBe(nl.entity.uuid);
    expect(nlByEnglishPath.label).toBe('Leveringsvoorwaarden');
  });

  it.each([
    ['/nl/leveringsvoorwaarden', '', 'Leveringsvoorwaarden'],
    ['/en/delivery-terms', '/en', 'Delivery terms'],
    ['/en/leveringsvoorwaarden', '', 'Leveringsvoorwaarden'],
    ['leveringsvoorwaarden', '', 'Leveringsvoorwaarden'],
    ['/Delivery-Terms/', '/en', 'Delivery terms'],
    ['/over-ons?utm_source=mail#team', '', 'Over ons'],
  ] as const)('normalises %s (API prefix %s)', async (path, prefix, label) => {
    const res = await translate(path, prefix);
    expect(res.statusCode).toBe(200);
    expect(res.json().label).toBe(label);
  });

  it('answers the same to a logged-in customer', async () => {
    const { cookie } = await login(t.app, 'demo');
    const res = await translate('/over-ons', '', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().label).toBe('Over ons');
  });

  it.each(['/foo', '/', '/404', '/assortment', '/en'])('answers 404 for %s, a path without a page', async (path) => {
    const res = await translate(path);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: `Er is geen pagina op het pad ${path}.` });
  });

  it('does not resolve an unpublished page', async () => {
    await t.app.database.db.update(contentPages).set({ published: false }).where(eq(contentPages.key, 'returns'));
    expect((await translate('/retourneren')).statusCode).toBe(404);
    expect((await translate('/returns', '/en')).statusCode).toBe(404);
  });

  it('answers 400 without a path or with a huge one', async () => {
    const missing = await t.app.inject({ url: `${API}/router/translate-path` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/path/);
    expect((await translate(`/${'a'.repeat(3000)}`)).statusCode).toBe(400);
  });
});

describe('GET /jsonapi/node/page/{uuid}', () => {
  it('answers the page in Dutch with its title, body and alias', async () => {
    const { resolution, node } = await pageAt('/leveringsvoorwaarden');
    expect(node).toMatchObject({
      type: 'node--page',
      id: resolution.entity.uuid,
      attributes: {
        drupal_internal__nid: Number(resolution.entity.id),
        title: 'Leveringsvoorwaarden',
        langcode: 'nl',
        path: { alias: '/leveringsvoorwaarden', langcode: 'nl' },
        body: { format: 'basic_html' },
      },
    });
    expect(node.attributes.body.processed).toContain('<h2>');
    expect(node.attributes.body.processed).toMatch(/levering/i);
  });

  it('answers the same page in English under /en', async () => {
    const nl = await pageAt('/leveringsvoorwaarden');
    const { node } = await pageAt('/delivery-terms', '/en');
    expect(node.id).toBe(nl.node.id);
    expect(node.attributes).toMatchObject({ title: 'Delivery terms', langcode: 'en', path: { alias: '/delivery-terms' } });
    expect(node.attributes.body.processed).toMatch(/deliver/i);
    expect(node.attributes.body.processed).not.toBe(nl.node.attributes.body.processed);
  });

  it('answers with the JSON:API media type and without a session', async () => {
    const { resolution } = await pageAt('/contact');
    const res = await t.app.inject({ url: `${API}/jsonapi/node/page/${resolution.entity.uuid}` });
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  });

  it('answers 404 as a JSON:API error for an unknown uuid', async () => {
    const res = await t.app.inject({ url: `${API}/en/jsonapi/node/page/00000000-0000-4000-8000-000000000000` });
    expect(res.statusCode).toBe(404);
    const body = jsonApiError.parse(res.json());
    expect(body.errors[0]).toMatchObject({ status: '404', title: 'Not Found' });
  });

  it('answers 404 for an unpublished page', async () => {
    const { resolution } = await pageAt('/retourneren');
    await t.app.database.db.update(contentPages).set({ published: false }).where(eq(contentPages.key, 'returns'));
    const res = await t.app.inject({ url: `${API}/jsonapi/node/page/${resolution.entity.uuid}` });
    expect(res.statusCode).toBe(404);
  });

  it.each(['not-a-uuid', '1', `${'a'.repeat(300)}`, "x' or '1'='1"])('answers 400 for the malformed uuid %s', async (uuid) => {
    const res = await t.app.inject({ url: `${API}/jsonapi/node/page/${encodeURIComponent(uuid)}` });
    expect(res.statusCode).toBe(400);
    const body = jsonApiError.parse(res.json());
    expect(body.errors[0]?.detail).toMatch(/UUID/);
  });
});

describe('content page bodies are sanitised when served', () => {
  const dirty = [
    '<h1>Heading one</h1>',
    '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script></p>',
    '<style>body{display:none}</style>',
    '<p style="color:red" class="x">Styled</p>',
    '<img src="/files/x.png" alt="Tacos" width="200" height="100" onerror="alert(2)">',
    '<img src="/sites/default/files/y.jpg" alt="Y">',
    '<img src="https://cdn.example/z.png" alt="Z">',
    '<img src="data:image/png;base64,AAAA" alt="data">',
    '<img src="//evil.example/a.png" alt="protocol-relative">',
    '<a href="javascript:alert(3)">bad link</a>',
    '<a href="JaVaScRiPt:alert(4)">bad link 2</a>',
    '<a href="https://example.com" target="_blank" onmouseover="x()">good</a>',
    '<a href="mailto:verkoop@casamaiz.example">mail</a>',
    '<a href="/leveringsvoorwaarden" title="Terms">relative</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
    '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><br><hr><em>em</em>',
  ].join('');

  async function insertDirtyPage() {
    const [row] = await t.app.database.db
      .insert(contentPages)
      .values({
        key: 'dirty', pathNl: '/vies', pathEn: '/dirty', titleNl: 'Vies', titleEn: 'Dirty', bodyNl: dirty, bodyEn: dirty,
      })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  }

  it('drops scripts, styles, handlers and unsafe links, and puts relative images on the backend host', async () => {
    await insertDirtyPage();
    const { node } = await pageAt('/dirty', '/en');
    const { processed, value } = node.attributes.body;
    const host = t.app.config.publicUrl;
    for (const html of [processed, value]) {
      expect(html).not.toMatch(/<script|alert\(1\)|<style|display:none|onclick|onerror|onmouseover|style=|class=|javascript:|<iframe|data:image|evil\.example|<h1/i);
      expect(html).toContain('<h2>Heading one</h2>');
      expect(html).toContain('<p>Hello <strong>there</strong></p>');
      expect(html).toContain('<a>bad link</a>');
      expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
      expect(html).toContain('<a href="mailto:verkoop@casamaiz.example">mail</a>');
      expect(html).toContain('<a href="/leveringsvoorwaarden" title="Terms">relative</a>');
      expect(html).toContain('<img src="https://cdn.example/z.png" alt="Z" />');
      expect(html).toContain('<th scope="col">A</th>');
      expect(html).toContain('<td colspan="2">1</td>');
      expect(html).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><br /><hr /><em>em</em>');
    }
    expect(processed).toContain(`<img src="${host}/files/x.png" alt="Tacos" width="200" height="100" />`);
    expect(processed).toContain(`<img src="${host}/sites/default/files/y.jpg" alt="Y" />`);
    expect(value).toContain('<img src="/files/x.png" alt="Tacos" width="200" height="100" />');
  });
});
