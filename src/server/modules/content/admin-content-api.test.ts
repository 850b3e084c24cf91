import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { catalogGetUrl } from '../../../shared/catalog-queries';
import { channels } from '../../../shared/locales';

const ADMIN = { ADMIN_EMAIL: 'lists-admin@example.se', ADMIN_PASSWORD: 'a long lists admin password' };

type Answer<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };

const SAVE_LIST = `mutation ($id: Int, $alias: String!, $t: [ProductListTranslationInput!]!, $s: ProductListSelectionInput!, $l: String) {
  saveProductList(listId: $id, alias: $alias, translations: $t, selection: $s, languageId: $l) {
    listId alias name canonicalUrl selection { productIds categoryIds searchText } } }`;
const SAVE_PAGE = `mutation ($key: String!, $translations: [ContentPageTranslationInput!]!, $widgets: [ContentWidgetInput!]!, $l: String) {
  saveContentPage(key: $key, translations: $translations, widgets: $widgets, languageId: $l) { key alias title published draft canonicalUrl
    alternates { languageId canonicalUrl } widgets { ... on TextWidget { html } } } }`;

interface List {
  listId: number;
  alias: string;
  name: string;
  canonicalUrl: string;
  selection: { productIds: number[]; categoryIds: number[]; searchText: string | null };
}
interface Page {
  key: string;
  alias: string;
  title: string;
  published: boolean;
  draft: boolean;
  canonicalUrl: string;
  alternates: { languageId: string; canonicalUrl: string }[];
  widgets: { html?: string }[];
}

const names = (sv: string, en: string) => [
  { languageId: 'sv', name: sv },
  { languageId: 'en', name: en },
];
const page = (key: string, sv: { alias: string; title: string; html: string }, en: { alias: string; title: string; html: string }) => ({
  key,
  translations: [
    { languageId: 'sv', alias: sv.alias, title: sv.title },
    { languageId: 'en', alias: en.alias, title: en.title },
  ],
  widgets: [{ kind: 'text', texts: [{ languageId: 'sv', html: sv.html }, { languageId: 'en', html: en.html }] }],
});

describe.each(testDbKinds())('the admin API for stored lists, aliases and drafts on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const asAdmin = { authorization: '' };
  const post = async <T>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    (await app.fastify.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers })).json() as Answer<T>;
  const html = (url: string, cookies: Record<string, string> = {}) => app.fastify.inject({ method: 'GET', url, cookies, headers: { accept: 'text/html' } });
  const get = (url: string, ifNoneMatch?: string) => app.fastify.inject({ method: 'GET', url, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const shopperPage = async (alias: string, languageId = 'sv') =>
    (await post<{ contentPage: Page | null }>('query ($a: String!, $l: String) { contentPage(alias: $a, languageId: $l) { alias title draft widgets { ... on TextWidget { html } } } }', { a: alias, l: languageId }))
      .data!.contentPage;
  const adminPreview = async (alias: string, languageId = 'sv') =>
    (
      await post<{ contentPreview: Page | null }>(
        'query ($a: String!, $l: String) { contentPreview(alias: $a, languageId: $l) { alias title published draft canonicalUrl alternates { languageId canonicalUrl } widgets { ... on TextWidget { html } } } }',
        { a: alias, l: languageId },
        asAdmin,
      )
    ).data!.contentPreview;

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, ADMIN);
    const login = await post<{ adminLogin: { token: string } }>('mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', {
      e: ADMIN.ADMIN_EMAIL,
      p: ADMIN.ADMIN_PASSWORD,
    });
    asAdmin.authorization = `Bearer ${login.data!.adminLogin.token}`;
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  describe('stored lists', () => {
    it('creates, changes and deletes a list, and /l/{alias} shows each step in both languages', async () => {
      const created = await post<{ saveProductList: List }>(SAVE_LIST, { alias: 'veckans-val', t: names('Veckans val', 'Picks of the week'), s: { productIds: [3, 1] } }, asAdmin);
      expect(created.errors).toBeUndefined();
      const list = created.data!.saveProductList;
      expect(list).toMatchObject({ alias: 'veckans-val', name: 'Veckans val', canonicalUrl: '/l/veckans-val', selection: { productIds: [3, 1] } });

      const swedish = await html('/l/veckans-val');
      expect(swedish.statusCode).toBe(200);
      expect(swedish.body).toContain('Veckans val');
      expect((await html('/en/l/veckans-val')).body).toContain('Picks of the week');

      // Replaced by id: a new alias, a rule instead of products, new names.
      const changed = await post<{ saveProductList: List }>(
        SAVE_LIST,
        { id: list.listId, alias: 'veckans-spel', t: names('Veckans spel', 'Games of the week'), s: { categoryId: 1 }, l: 'en' },
        asAdmin,
      );
      expect(changed.data!.saveProductList).toMatchObject({
        listId: list.listId,
        alias: 'veckans-spel',
        name: 'Games of the week',
        canonicalUrl: '/en/l/veckans-spel',
        selection: { productIds: [], categoryIds: [1], searchText: null },
      });
      expect((await html('/l/veckans-spel')).body).toContain('Veckans spel');
      expect((await html('/l/veckans-val')).body).not.toContain('Veckans val');

      expect((await post('mutation { deleteProductList(alias: "veckans-spel") }', {}, asAdmin)).data).toEqual({ deleteProductList: true });
      const gone = await html('/l/veckans-spel');
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('Veckans spel');
      expect((await post('{ productListByAlias(alias: "veckans-spel") { name } }')).data).toEqual({ productListByAlias: null });
      const again = await post('mutation { deleteProductList(alias: "veckans-spel") }', {}, asAdmin);
      expect(again.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    });

    it("moves the list's catalog tag when it is saved, so a cached /l/ read revalidates to the new one", async () => {
      const url = catalogGetUrl('ProductListByAlias', { alias: 'handplockat', channelId: channels.sv.channelId, languageId: 'sv' });
      const before = await get(url);
      const tag = String(before.headers.etag);
      expect((await get(url, tag)).statusCode).toBe(304);
      const [row] = await db.query<{ list_id: number }>("SELECT list_id FROM product_lists WHERE alias = 'handplockat'");
      const saved = await post(SAVE_LIST, { id: row!.list_id, alias: 'handplockat', t: names('Handplockat av oss', 'Hand-picked'), s: { productIds: [1, 2, 3] } }, asAdmin);
      expect(saved.errors).toBeUndefined();
      const after = await get(url, tag);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(tag);
      expect(after.body).toContain('Handplockat av oss');
    });

    it('refuses what is not a list: no admin, a bad alias, a missing rule or product, and an alias another list has', async () => {
      const ok = { alias: 'fel-lista', t: names('Fel', 'Wrong'), s: { productIds: [1] } };
      expect((await post(SAVE_LIST, ok)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
      expect((await post('mutation { deleteProductList(alias: "handplockat") }')).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
      const message = async (variables: Record<string, unknown>) => {
        const answer = await post(SAVE_LIST, { ...ok, ...variables }, asAdmin);
        expect(answer.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
        return answer.errors![0]!.message;
      };
      expect(await message({ alias: 'Fel/lista' })).toContain('alias');
      expect(await message({ s: {} })).toContain('selection');
      expect(await message({ s: { productIds: [1, 999_999] } })).toContain('product 999999');
      expect(await message({ s: { categoryId: 999_999 } })).toContain('category 999999');
      expect(await message({ t: [{ languageId: 'sv', name: 'Fel' }] })).toContain('en is missing');
      expect(await message({ id: 999_999 })).toContain('999999');
      expect(await message({ alias: 'kampanjfynd' })).toBe('En annan lista använder redan adressen /l/kampanjfynd. Välj ett annat alias');
      expect(await message({ alias: 'kampanjfynd', l: 'en' })).toBe('Another list has the address /en/l/kampanjfynd already. Please choose another alias');
      expect((await post('{ productListByAlias(alias: "fel-lista") { name } }')).data).toEqual({ productListByAlias: null });
    });
  });

  describe("aliases of the shop's own pages", () => {
    it("refuses a content alias whose address is a fixed route's, in Swedish and in English", async () => {
      const save = async (sv: string, en: string, languageId = 'sv') => {
        const answer = await post(SAVE_PAGE, { ...page('clash', { alias: sv, title: 'Krock', html: '<p>k</p>' }, { alias: en, title: 'Clash', html: '<p>c</p>' }), l: languageId }, asAdmin);
        expect(answer.errors?.[0]?.extensions?.code, `${sv} ${en}`).toBe('BAD_USER_INPUT');
        return answer.errors![0]!.message;
      };
      expect(await save('kassan', 'clash')).toBe('Adressen /kassan hör till butikens egna sidor. Välj ett annat alias');
      expect(await save('varukorg-krock', 'checkout', 'en')).toBe("The address /en/checkout belongs to the shop's own pages. Please choose another alias");
      expect(await save('mina-sidor', 'clash')).toContain('/mina-sidor');
      expect(await save('preview-widgets', 'clash')).toContain('/preview-widgets');
      // A Swedish page at /en would be the English home page.
      expect(await save('en', 'clash')).toContain('/en ');
      expect(await save('krock', 'brands', 'en')).toContain('/en/brands');
      // What the server answers itself: its endpoints and the client's files.
      expect(await save('graphql', 'clash')).toContain('/graphql');
      expect(await save('krock', 'images', 'en')).toContain('/en/images');
      // An alias another page has: live, in that language.
      expect(await save('om-oss', 'clash')).toBe('En annan sida använder redan adressen /om-oss. Välj ett annat alias');
      expect(await save('krock', 'about-us', 'en')).toBe('Another page has the address /en/about-us already. Please choose another alias');
      expect(await adminPreview('clash', 'en')).toBeNull();

      // Another language's fixed path is free: /en/kassan is no page of the shop.
      const free = await post<{ saveContentPage: Page }>(SAVE_PAGE, page('clash', { alias: 'krock', title: 'Krock', html: '<p>k</p>' }, { alias: 'kassan', title: 'Clash', html: '<p>c</p>' }), asAdmin);
      expect(free.errors).toBeUndefined();
      expect(free.data!.saveContentPage.alternates).toEqual(expect.arrayContaining([{ languageId: 'en', canonicalUrl: '/en/kassan' }]));
    });
  });

  describe('a draft of a live page', () => {
    const first = page('winter', { alias: 'vinter', title: 'Vinter', html: '<p>Snö i butiken</p>' }, { alias: 'winter', title: 'Winter', html: '<p>Snow in the shop</p>' });
    const edit = page('winter', { alias: 'vintern', title: 'Vintern', html: '<p>Is i butiken</p>' }, { alias: 'wintertime', title: 'Wintertime', html: '<p>Ice in the shop</p>' });

    it('keeps what shoppers see until it is published, while the preview shows the edit', async () => {
      expect((await post(SAVE_PAGE, first, asAdmin)).errors).toBeUndefined();
      expect((await post('mutation { publishContentPage(key: "winter") { published } }', {}, asAdmin)).data).toEqual({ publishContentPage: { published: true } });
      const contentUrl = catalogGetUrl('ContentPage', { alias: 'vinter', channelId: channels.sv.channelId, languageId: 'sv' });
      const tag = String((await get(contentUrl)).headers.etag);

      const saved = (await post<{ saveContentPage: Page }>(SAVE_PAGE, edit, asAdmin)).data!.saveContentPage;
      expect(saved).toMatchObject({ alias: 'vintern', title: 'Vintern', published: true, draft: true, canonicalUrl: '/vintern' });
      expect(saved.alternates).toEqual(expect.arrayContaining([{ languageId: 'en', canonicalUrl: '/en/wintertime' }]));

      // Shoppers: the live page, at its live address only, its cached read still good.
      expect(await shopperPage('vinter')).toMatchObject({ title: 'Vinter', draft: false, widgets: [{ html: '<p>Snö i butiken</p>' }] });
      expect(await shopperPage('vintern')).toBeNull();
      expect((await get(contentUrl, tag)).statusCode).toBe(304);
      const live = await html('/vinter');
      expect(live.statusCode).toBe(200);
      expect(live.body).toContain('Snö i butiken');
      expect(live.body).not.toContain('Is i butiken');
      expect((await html('/vintern')).statusCode).toBe(404);

      // The admin's preview: the edit, by its old or its new address.
      expect(await adminPreview('vinter')).toMatchObject({ alias: 'vintern', draft: true, widgets: [{ html: '<p>Is i butiken</p>' }] });
      expect(await adminPreview('wintertime', 'en')).toMatchObject({ title: 'Wintertime', canonicalUrl: '/en/wintertime', widgets: [{ html: '<p>Ice in the shop</p>' }] });
      const index = await post<{ contentPagesForPreview: { key: string; alias: string; published: boolean; draft: boolean }[] }>('{ contentPagesForPreview { key alias published draft } }', {}, asAdmin);
      expect(index.data!.contentPagesForPreview).toContainEqual({ key: 'winter', alias: 'vintern', published: true, draft: true });

      // In the browser: /content/{alias} with the preview cookie shows the edit; without it, the live page.
      const link = await post<{ createPreviewLink: { url: string } }>('mutation { createPreviewLink(alias: "vintern") { url } }', {}, asAdmin);
      const opened = await html(new URL(link.data!.createPreviewLink.url).pathname + new URL(link.data!.createPreviewLink.url).search);
      const cookie = opened.cookies.find((c) => c.name === 'shop-preview')!.value;
      const previewed = await html('/content/vintern', { 'shop-preview': cookie });
      expect(previewed.statusCode).toBe(200);
      expect(previewed.body).toContain('Is i butiken');
      expect((await html('/content/vinter')).body).toContain('Snö i butiken');
      expect((await html('/content/vinter')).body).not.toContain('Is i butiken');

      // Another page may not take the edit's new address either.
      const taken = await post(SAVE_PAGE, page('other', { alias: 'vintern', title: 'Annan', html: '<p>a</p>' }, { alias: 'other-page', title: 'Other', html: '<p>o</p>' }), asAdmin);
      expect(taken.errors![0]!.message).toBe('En annan sida använder redan adressen /vintern. Välj ett annat alias');

      // Published: shoppers see the edit at its new address; the tag moves.
      expect((await post('mutation { publishContentPage(key: "winter") { alias draft } }', {}, asAdmin)).data).toEqual({ publishContentPage: { alias: 'vintern', draft: false } });
      expect(await shopperPage('vintern')).toMatchObject({ title: 'Vintern', widgets: [{ html: '<p>Is i butiken</p>' }] });
      expect(await shopperPage('wintertime', 'en')).toMatchObject({ title: 'Wintertime' });
      expect((await get(contentUrl, tag)).statusCode).toBe(200);
      expect((await html('/vintern')).body).toContain('Is i butiken');
    });

    it('takes the page down on unpublish, edit or not, and publishes the kept edit later', async () => {
      const later = page('winter', { alias: 'vintern', title: 'Vintern', html: '<p>Mer snö</p>' }, { alias: 'wintertime', title: 'Wintertime', html: '<p>More snow</p>' });
      expect((await post<{ saveContentPage: Page }>(SAVE_PAGE, later, asAdmin)).data!.saveContentPage.draft).toBe(true);
      expect((await post('mutation { unpublishContentPage(key: "winter") { published draft } }', {}, asAdmin)).data).toEqual({ unpublishContentPage: { published: false, draft: true } });
      expect(await shopperPage('vintern')).toBeNull();
      expect((await html('/vintern')).statusCode).toBe(404);
      expect(await adminPreview('vintern')).toMatchObject({ published: false, widgets: [{ html: '<p>Mer snö</p>' }] });
      await post('mutation { publishContentPage(key: "winter") { key } }', {}, asAdmin);
      expect(await shopperPage('vintern')).toMatchObject({ draft: false, widgets: [{ html: '<p>Mer snö</p>' }] });
    });
  });
});
