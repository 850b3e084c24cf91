import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { migrations } from '../../db/migrate';
import { createTestApp, type TestApp } from '../../testing/app';
import { openTestDb, openWritableTestDb, testDbKinds } from '../../testing/db';
import { sanitiseHtml } from './sanitise-html';

const ADMIN = { ADMIN_EMAIL: 'content-admin@example.se', ADMIN_PASSWORD: 'a long content admin password' };

type Answer<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };

const PAGE_FIELDS = `key alias title published canonicalUrl widgets { __typename
  ... on TextWidget { html }
  ... on ImageBannerWidget { image alt heading link }
  ... on ProductListWidget { title limit list { alias name canonicalUrl selection { productIds discountCampaignIds } } }
  ... on UspRowWidget { points items { title text icon } }
  ... on CategoryTilesWidget { title categories { categoryId name canonicalUrl } } }`;

interface Page {
  key: string;
  alias: string;
  title: string;
  published: boolean;
  canonicalUrl: string;
  widgets: ({ __typename: string } & Record<string, unknown>)[];
}

const draft = (alias = 'sommar') => ({
  key: `summer-${alias}`,
  translations: [
    { languageId: 'sv', alias, title: 'Sommar', description: 'Sommarens fynd' },
    { languageId: 'en', alias: `${alias}-en`, title: 'Summer', description: 'Summer finds' },
  ],
  widgets: [
    {
      kind: 'text',
      texts: [
        { languageId: 'sv', html: '<p onclick="x()">Hej <script>alert(1)</script><a href="javascript:alert(1)">länk</a> <a href="/om-oss">om</a></p>' },
        { languageId: 'en', html: '<p>Hello</p>' },
      ],
    },
    { kind: 'imageBanner', image: '/images/c1.svg', link: 'c/spel', texts: [{ languageId: 'sv', alt: 'Spel', heading: 'Spel' }, { languageId: 'en', alt: 'Games', heading: 'Games' }] },
    { kind: 'productList', listAlias: 'handplockat', limit: 3, texts: [{ languageId: 'sv', title: 'Utvalt' }, { languageId: 'en', title: 'Picked' }] },
    { kind: 'uspRow', texts: [{ languageId: 'sv', points: ['Fri retur'] }, { languageId: 'en', points: ['Free returns'] }] },
    { kind: 'categoryTiles', categoryIds: [2, 1], texts: [{ languageId: 'sv', title: 'Kategorier' }, { languageId: 'en', title: 'Categories' }] },
  ],
});

const SAVE = `mutation ($key: String!, $translations: [ContentPageTranslationInput!]!, $widgets: [ContentWidgetInput!]!) {
  saveContentPage(key: $key, translations: $translations, widgets: $widgets) { ${PAGE_FIELDS} } }`;

describe.each(testDbKinds())('content pages made of widgets on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  let adminToken: string;
  const post = async <T>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    (await app.fastify.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers })).json() as Answer<T>;
  const asAdmin = { authorization: '' };
  const preview = (alias: string, headers: Record<string, string> = {}, languageId = 'sv') =>
    post<{ contentPreview: Page | null }>(`query ($a: String!, $l: String) { contentPreview(alias: $a, languageId: $l) { ${PAGE_FIELDS} } }`, { a: alias, l: languageId }, headers);
  const published = (alias: string, languageId = 'sv') =>
    post<{ contentPage: Page | null }>(`query ($a: String!, $l: String) { contentPage(alias: $a, languageId: $l) { ${PAGE_FIELDS} } }`, { a: alias, l: languageId });

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, ADMIN);
    const login = await post<{ adminLogin: { token: string } }>('mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', {
      e: ADMIN.ADMIN_EMAIL,
      p: ADMIN.ADMIN_PASSWORD,
    });
    adminToken = login.data!.adminLogin.token;
    asAdmin.authorization = `Bearer ${adminToken}`;
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('serves the seeded pages as one text widget each, and the showcase with every kind of widget, in both languages', async () => {
    const about = (await published('om-oss')).data!.contentPage!;
    expect(about.widgets).toHaveLength(1);
    expect(about.widgets[0]).toMatchObject({ __typename: 'TextWidget', html: expect.stringContaining('2015') });
    const showcase = (await published('featured', 'en')).data!.contentPage!;
    expect(showcase.widgets.map((w) => w.__typename)).toEqual(['ImageBannerWidget', 'UspRowWidget', 'ProductListWidget', 'CategoryTilesWidget', 'TextWidget']);
    expect(showcase.widgets[0]).toMatchObject({ link: expect.stringMatching(/^\/en\/c\//), alt: expect.any(String) });
    expect(showcase.widgets[2]).toMatchObject({ limit: 4, list: { alias: 'handplockat', name: 'Hand-picked', canonicalUrl: '/en/l/handplockat' } });
    const swedish = (await published('featured', 'sv')).data!.contentPage!;
    expect(swedish.alias).toBe('utvalt');
    expect(swedish.widgets[2]).toMatchObject({ title: 'Handplockat', list: { canonicalUrl: '/l/handplockat' } });
  });

  it('stores a new page unpublished, sanitised, and shows it only to an admin until it is published', async () => {
    const saved = await post<{ saveContentPage: Page }>(SAVE, draft(), asAdmin);
    expect(saved.errors).toBeUndefined();
    const page = saved.data!.saveContentPage;
    expect(page.published).toBe(false);
    const html = page.widgets[0]!.html as string;
    expect(html).not.toMatch(/script|onclick|javascript/);
    expect(html).toContain('<a href="/om-oss">om</a>');
    expect(page.widgets[4]).toMatchObject({ categories: [{ categoryId: 2 }, { categoryId: 1 }] });

    // Unpublished: the catch-all's query and a guest's preview know nothing of it; the admin's preview does.
    expect((await published('sommar')).data).toEqual({ contentPage: null });
    expect((await preview('sommar')).data).toEqual({ contentPreview: null });
    expect((await preview('sommar', { authorization: 'Bearer not-a-token' })).data).toEqual({ contentPreview: null });
    expect((await preview('sommar', asAdmin)).data!.contentPreview).toMatchObject({ key: 'summer-sommar', published: false });

    const publish = await post<{ publishContentPage: Page }>('mutation { publishContentPage(key: "summer-sommar", languageId: "en") { alias published } }', {}, asAdmin);
    expect(publish.data!.publishContentPage).toEqual({ alias: 'sommar-en', published: true });
    expect((await published('sommar')).data!.contentPage).toMatchObject({ published: true, canonicalUrl: '/sommar' });
    expect((await preview('sommar')).data!.contentPreview).toMatchObject({ published: true });

    await post('mutation { unpublishContentPage(key: "summer-sommar") { published } }', {}, asAdmin);
    expect((await published('sommar')).data).toEqual({ contentPage: null });
  });

  it('refuses the mutations without an admin token, and bad widgets with a message that names them', async () => {
    const anonymous = await post(SAVE, draft('gast'));
    expect(anonymous.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    for (const mutation of ['publishContentPage(key: "about") { key }', 'unpublishContentPage(key: "about") { key }', 'createPreviewLink { url }']) {
      expect((await post(`mutation { ${mutation} }`)).errors![0]!.extensions!.code, mutation).toBe('UNAUTHENTICATED');
    }
    expect((await published('om-oss')).data!.contentPage).not.toBeNull();

    const bad = (change: (d: ReturnType<typeof draft>) => void) => {
      const d = draft('fel');
      change(d);
      return post(SAVE, d, asAdmin);
    };
    expect((await bad((d) => (d.widgets[2]!.listAlias = 'no-such-list'))).errors![0]!.message).toContain('no-such-list');
    expect((await bad((d) => (d.widgets[1]!.image = 'https://evil.example/x.png'))).errors![0]!.message).toContain('image');
    expect((await bad((d) => (d.widgets[1]!.link = '//evil.example'))).errors![0]!.message).toContain('link');
    expect((await bad((d) => (d.widgets[2]!.limit = 500))).errors![0]!.message).toContain('limit');
    expect((await bad((d) => d.widgets[0]!.texts.pop())).errors![0]!.message).toContain('en is missing');
    expect((await bad((d) => (d.widgets[4]!.categoryIds = [999_999]))).errors![0]!.message).toContain('999999');
    // An alias another page has already.
    expect((await bad((d) => (d.translations[0]!.alias = 'om-oss'))).errors![0]!.message).toContain('alias');
    expect((await preview('fel', asAdmin)).data).toEqual({ contentPreview: null });
  });

  it('lists every page for an admin only', async () => {
    const query = '{ contentPagesForPreview { key published } }';
    expect((await post(query)).data).toEqual({ contentPagesForPreview: null });
    const pages = (await post<{ contentPagesForPreview: { key: string; published: boolean }[] }>(query, {}, asAdmin)).data!.contentPagesForPreview;
    expect(pages).toEqual(expect.arrayContaining([{ key: 'coming-soon', published: false }, { key: 'about', published: true }]));
  });

  it('answers a stored list by alias, and null for an unknown one', async () => {
    const query = 'query ($a: String!) { productListByAlias(alias: $a, languageId: "en") { name canonicalUrl selection { productIds } } }';
    expect((await post(query, { a: 'handplockat' })).data).toEqual({
      productListByAlias: { name: 'Hand-picked', canonicalUrl: '/en/l/handplockat', selection: { productIds: [1, 2, 3, 4, 5, 6, 7, 8] } },
    });
    expect((await post(query, { a: 'nope' })).data).toEqual({ productListByAlias: null });
  });

  describe('a preview in the browser', () => {
    const page = (url: string, cookies: Record<string, string> = {}) => app.fastify.inject({ method: 'GET', url, cookies, headers: { accept: 'text/html' } });

    it('turns a preview link into an HttpOnly cookie, and shows unpublished pages to that browser only, never stored', async () => {
      const link = await post<{ createPreviewLink: { url: string; expiresAt: string } }>('mutation { createPreviewLink(alias: "kommer-snart") { url expiresAt } }', {}, asAdmin);
      const url = new URL(link.data!.createPreviewLink.url);
      expect(url.pathname).toBe('/content/kommer-snart');
      const opened = await page(`${url.pathname}${url.search}`);
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe('/content/kommer-snart');
      expect(opened.headers['cache-control']).toBe('private, no-store');
      const cookie = opened.cookies.find((c) => c.name === 'shop-preview')!;
      expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });

      for (const path of ['/content/kommer-snart', '/en/content/coming-soon', '/preview-widgets', '/en/preview-widgets']) {
        const admin = await page(path, { 'shop-preview': cookie.value });
        expect(admin.statusCode, path).toBe(200);
        expect(admin.headers['cache-control'], path).toBe('private, no-store');
        const guest = await page(path);
        expect(guest.statusCode, path).toBe(404);
        expect(guest.headers['cache-control'], path).toMatch(/no-store/);
        expect(guest.body, path).not.toMatch(/Kommer snart|Coming soon/);
      }
      expect((await page('/content/kommer-snart', { 'shop-preview': cookie.value })).body).toContain('Nyheter på väg.');
      expect((await page('/preview-widgets', { 'shop-preview': cookie.value })).body).toContain('Kommer snart');
      // The catch-all never shows a draft, not even to an admin; the published showcase it serves to anyone.
      expect((await page('/kommer-snart', { 'shop-preview': cookie.value })).statusCode).toBe(404);
      expect((await page('/utvalt')).statusCode).toBe(200);
      // Neither the admin's bearer token nor a forged cookie opens a preview: only a preview token does.
      expect((await page('/preview-widgets', { 'shop-preview': adminToken })).statusCode).toBe(404);
      expect((await page('/preview-widgets', { 'shop-preview': 'forged' })).statusCode).toBe(404);
    });

    it('sets no cookie for a bad link', async () => {
      const opened = await page('/preview-widgets?previewToken=forged');
      expect(opened.statusCode).toBe(303);
      expect(opened.cookies).toEqual([]);
    });

    it('lets the browser’s own GraphQL requests preview with the cookie, but not another site’s', async () => {
      const link = await post<{ createPreviewLink: { url: string } }>('mutation { createPreviewLink { url } }', {}, asAdmin);
      const opened = await page(new URL(link.data!.createPreviewLink.url).pathname + new URL(link.data!.createPreviewLink.url).search);
      const cookie = opened.cookies.find((c) => c.name === 'shop-preview')!.value;
      const ask = async (site: string) =>
        (
          await app.fastify.inject({
            method: 'POST',
            url: '/graphql',
            payload: { query: '{ contentPreview(alias: "kommer-snart") { key } }' },
            cookies: { 'shop-preview': cookie },
            headers: { 'sec-fetch-site': site },
          })
        ).json() as Answer<{ contentPreview: { key: string } | null }>;
      expect((await ask('same-origin')).data).toEqual({ contentPreview: { key: 'coming-soon' } });
      expect((await ask('cross-site')).data).toEqual({ contentPreview: null });
    });
  });
});

describe('migration 0024 on a shop seeded before it', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb('pglite');
  });
  afterAll(() => db.close());

  it('makes each page’s body its first text widget and keeps the pages published', async () => {
    // What a shop held before 0024: the plain pages only, each with its body.
    await db.exec("DELETE FROM content_pages WHERE key IN ('home', 'showcase', 'coming-soon')");
    const bodies = await db.query<{ page_id: number; language_id: string; body: string }>(
      'SELECT t.page_id, t.language_id, t.body FROM content_page_translations t ORDER BY 1, 2',
    );
    expect(bodies.length).toBe(8);
    await db.exec('DROP TABLE content_widgets, product_list_translations, product_lists; ALTER TABLE content_pages DROP COLUMN published');
    await db.query('DELETE FROM schema_migrations WHERE name = $1', ['0024_content_widgets']);
    const migration = migrations.find((m) => m.name === '0024_content_widgets')!;
    await db.transaction((tx) => tx.exec(migration.sql));
    const widgets = await db.query<{ page_id: number; html: string; kind: string; position: number; language_id: string }>(
      `SELECT w.page_id, w.kind, w.position, l.key AS language_id, l.value->>'html' AS html
       FROM content_widgets w, jsonb_each(w.texts) l ORDER BY 1, 4`,
    );
    expect(widgets.map(({ page_id, language_id, html }) => ({ page_id, language_id, body: html }))).toEqual(bodies);
    expect(widgets.every((w) => w.kind === 'text' && w.position === 0)).toBe(true);
    const [unpublished] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_pages WHERE NOT published');
    expect(unpublished!.n).toBe(0);
  });
});

describe('the text widget’s allow-list', () => {
  it('keeps the seeded tags and links, and drops scripts, handlers and unsafe links', () => {
    expect(sanitiseHtml('<p>a</p><h2>b</h2><ul><li><a href="/x">x</a></li></ul>')).toBe('<p>a</p><h2>b</h2><ul><li><a href="/x">x</a></li></ul>');
    expect(sanitiseHtml('<img src=x onerror=alert(1)><p style="x">t</p>')).toBe('<p>t</p>');
    expect(sanitiseHtml('<a href="/&#47;evil.example">x</a><a href="//evil">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(sanitiseHtml('<p>1 < 2 <b>unclosed')).toBe('<p>1 &lt; 2 unclosed</p>');
    expect(sanitiseHtml('<a href="mailto:kund@example.se">m</a>')).toBe('<a href="mailto:kund@example.se">m</a>');
  });
});
