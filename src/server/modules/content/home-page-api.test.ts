import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { seedCatalog } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { openTestDb, openWritableTestDb, testDbKinds } from '../../testing/db';

const ADMIN = { ADMIN_EMAIL: 'home-admin@example.se', ADMIN_PASSWORD: 'a long home page admin password' };

type Answer<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };
type Widget = { __typename: string } & Record<string, unknown>;
interface Home {
  key: string;
  title: string;
  description: string;
  canonicalUrl: string;
  alternates: { languageId: string; canonicalUrl: string }[];
  widgets: Widget[];
}

const HOME = `query ($l: String) { homePage(languageId: $l) { key title description canonicalUrl alternates { languageId canonicalUrl } widgets { __typename
  ... on ProductListWidget { title limit list { alias canonicalUrl selection { sort productIds } } }
  ... on UspRowWidget { title points items { title text icon } }
  ... on CategoryTilesWidget { title categories { name } } } } }`;

const post = async <T>(app: TestApp, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  (await app.fastify.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers })).json() as Answer<T>;

/**
 * The page's main content as a shopper without JavaScript gets it: no scripts, and only what React put in place
 * (a part it streams later sits hidden after the page, for a script to move in).
 */
async function htmlWithoutScripts(app: TestApp, url: string) {
  const res = await app.fastify.inject({ url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  const main = res.body.split('</main>')[0]!;
  expect(main, url).not.toMatch(/<template id="B:/);
  return main.replace(/<script[\s\S]*?<\/script>/g, '');
}

describe.each(testDbKinds())('the home page made of widgets on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const home = async (languageId: string) => (await post<{ homePage: Home }>(app, HOME, { l: languageId })).data!.homePage;

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, ADMIN);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('is seeded as the page was written: tiles, bestsellers, news and the selling points, in both languages', async () => {
    const sv = await home('sv');
    expect(sv).toMatchObject({ key: 'home', title: 'Retrospel och konsoler', canonicalUrl: '/' });
    expect(sv.alternates).toEqual(expect.arrayContaining([{ languageId: 'sv', canonicalUrl: '/' }, { languageId: 'en', canonicalUrl: '/en' }]));
    expect(sv.widgets.map((w) => w.__typename)).toEqual(['CategoryTilesWidget', 'ProductListWidget', 'ProductListWidget', 'UspRowWidget']);
    expect(sv.widgets[0]).toMatchObject({ title: 'Handla efter kategori', categories: [{ name: 'Spel' }, { name: 'Konsoler' }, { name: 'Tillbehör' }] });
    // A list of every product in an order is the all-products page in that order.
    expect(sv.widgets[1]).toMatchObject({ title: 'Mest sålda', limit: 6, list: { canonicalUrl: '/allt?sort=BESTSELLERS', selection: { sort: 'BESTSELLERS', productIds: [] } } });
    expect(sv.widgets[2]).toMatchObject({ title: 'Nyheter', limit: 6, list: { canonicalUrl: '/allt?sort=LATEST', selection: { sort: 'LATEST' } } });
    expect(sv.widgets[3]).toMatchObject({
      title: 'Därför handlar du hos oss',
      points: ['Rengjort och testat', 'Leverans nästa dag', 'Fri retur'],
      items: [
        { title: 'Rengjort och testat', text: expect.stringContaining('verkstad'), icon: 'tested' },
        { title: 'Leverans nästa dag', text: expect.any(String), icon: 'truck' },
        { title: 'Fri retur', text: expect.stringContaining('30 dagar'), icon: 'returns' },
      ],
    });

    const en = await home('en');
    expect(en).toMatchObject({ title: 'Retro games and consoles', canonicalUrl: '/en' });
    expect(en.widgets[0]).toMatchObject({ title: 'Shop by category', categories: [{ name: 'Games' }, { name: 'Consoles' }, { name: 'Accessories' }] });
    expect(en.widgets[1]).toMatchObject({ title: 'Bestsellers', list: { canonicalUrl: '/en/allt?sort=BESTSELLERS' } });
    expect(en.widgets[2]).toMatchObject({ title: 'New arrivals' });
    expect(en.widgets[3]).toMatchObject({ title: 'Why shop with us', points: ['Cleaned and tested', 'Next-day delivery', 'Free returns'] });
  });

  it('is not a second page at an alias of its own', async () => {
    for (const [alias, languageId] of [['hem', 'sv'], ['home', 'en']]) {
      expect((await post(app, 'query ($a: String!, $l: String) { contentPage(alias: $a, languageId: $l) { key } }', { a: alias, l: languageId })).data).toEqual({ contentPage: null });
    }
  });

  it('renders its widgets on the server, every one in place, with the products of its lists', async () => {
    const html = await htmlWithoutScripts(app, '/');
    expect(html).toContain('Handla efter kategori');
    expect(html).toMatch(/href="\/allt\?sort=BESTSELLERS"/);
    expect(html).toContain('Varje spel, konsol och tillbehör går igenom vår verkstad');
    const [top] = await db.query<{ name: string }>(
      "SELECT pt.name FROM products p JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'en' ORDER BY p.sales_count DESC, p.product_id LIMIT 1",
    );
    const english = await htmlWithoutScripts(app, '/en');
    expect(english).toContain('Why shop with us');
    expect(english).toContain(top!.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    // A widget page's product list and tiles are long enough that React would have moved them out of place.
    const showcase = await htmlWithoutScripts(app, '/utvalt');
    expect(showcase).toContain('Handplockat');
    expect(showcase).toContain('Hitta rätt kategori');
  });

  it('is what the shop owner saves and publishes with the content pages’ mutations', async () => {
    const login = await post<{ adminLogin: { token: string } }>(app, 'mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', {
      e: ADMIN.ADMIN_EMAIL,
      p: ADMIN.ADMIN_PASSWORD,
    });
    const asAdmin = { authorization: `Bearer ${login.data!.adminLogin.token}` };
    const saved = await post<{ saveContentPage: { canonicalUrl: string; published: boolean } }>(
      app,
      `mutation ($w: [ContentWidgetInput!]!) { saveContentPage(key: "home", widgets: $w, translations: [
        { languageId: "sv", alias: "hem", title: "Välkommen", description: "Allt om spel" },
        { languageId: "en", alias: "home", title: "Welcome", description: "All about games" }]) { canonicalUrl published } }`,
      {
        w: [
          { kind: 'uspRow', icons: ['truck'], texts: [
            { languageId: 'sv', title: 'Löften', points: ['Snabbt'], details: ['Samma dag'] },
            { languageId: 'en', title: 'Promises', points: ['Fast'], details: ['Same day'] },
          ] },
          { kind: 'productList', listAlias: 'nyheter', limit: 2, texts: [{ languageId: 'sv', title: 'Nytt' }, { languageId: 'en', title: 'New' }] },
        ],
      },
      asAdmin,
    );
    expect(saved.errors).toBeUndefined();
    // Saving keeps the page live (it was published), at the home page's address; shoppers see the edit once published.
    expect(saved.data!.saveContentPage).toEqual({ canonicalUrl: '/', published: true });
    expect(await home('en')).toMatchObject({ title: 'Retro games and consoles' });
    await post(app, 'mutation { publishContentPage(key: "home") { key } }', {}, asAdmin);
    const en = await home('en');
    expect(en).toMatchObject({ title: 'Welcome', widgets: [{ title: 'Promises', items: [{ title: 'Fast', text: 'Same day', icon: 'truck' }] }, { title: 'New', limit: 2 }] });
    const html = await htmlWithoutScripts(app, '/');
    expect(html).toContain('Välkommen');
    expect(html).toContain('Samma dag');
    expect(html).not.toContain('Handla efter kategori');

    const badIcon = await post(
      app,
      `mutation { saveContentPage(key: "home", widgets: [{ kind: "uspRow", icons: ["rocket"], texts: [{ languageId: "sv", points: ["A"] }, { languageId: "en", points: ["A"] }] }],
        translations: [{ languageId: "sv", alias: "hem", title: "A" }, { languageId: "en", alias: "home", title: "A" }]) { key } }`,
      {},
      asAdmin,
    );
    expect(badIcon.errors![0]!.message).toContain('icon');

    // Unpublished, the home page still answers with what follows the catalog (its widgets are gone).
    await post(app, 'mutation { unpublishContentPage(key: "home") { key } }', {}, asAdmin);
    expect(await home('sv')).toBeNull();
    const bare = await htmlWithoutScripts(app, '/');
    expect(bare).toContain('produkter i sortimentet');
    expect(bare).not.toContain('Samma dag');
    await post(app, 'mutation { publishContentPage(key: "home") { key } }', {}, asAdmin);
    expect((await home('sv')).title).toBe('Välkommen');
  });
});

describe('the candy shop’s home page', () => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openTestDb('pglite', 'empty');
    await seedCatalog(db, { variant: 'candy' });
    app = await createTestApp(db, { SHOP_VARIANT: 'candy' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('promises fresh sweets in both languages, under its own title', async () => {
    for (const [languageId, title, first] of [
      ['sv', 'Godis, choklad och presentaskar', 'Färskt godis'],
      ['en', 'Sweets, chocolate and gift boxes', 'Fresh sweets'],
    ] as const) {
      const page = (await post<{ homePage: Home }>(app, HOME, { l: languageId })).data!.homePage;
      expect(page.title).toBe(title);
      const usps = page.widgets.find((w) => w.__typename === 'UspRowWidget')!;
      expect(usps).toMatchObject({ items: [{ title: first, icon: 'fresh' }, { icon: 'truck' }, { icon: 'returns' }] });
    }
    const html = await htmlWithoutScripts(app, '/en');
    expect(html).toContain('Return unopened packages free of charge within 30 days.');
    expect(html).not.toContain('Cleaned and tested');
  });
});
