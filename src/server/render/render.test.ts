import { ApolloLink, InMemoryCache } from '@apollo/client';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { print, type FormattedExecutionResult } from 'graphql';
import { from, Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { loadEnv } from '../env';
import { createTestApp } from '../testing/app';
import { openTestDb } from '../testing/db';
import { signUp } from '../modules/customer/customer-test-kit';
import { createRenderer } from './render';
import sv from '../../../locales/sv.json';
import { routerHydrationData } from '../testing/hydration-data';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('server-rendered pages', () => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const get = (url: string) => app.fastify.inject({ url, headers: { accept: 'text/html' } });

  it('renders the Swedish home page with real products, data for hydration and a CSP nonce', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="sv">/);
    const [top] = await db.query<{ name: string }>(
      "SELECT pt.name FROM products p JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'sv' ORDER BY p.sales_count DESC, p.product_id LIMIT 1",
    );
    expect(res.body).toContain(top!.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    expect(res.body).toContain('Mest sålda');
    expect(res.body).toContain('<title>');
    expect(res.body).toContain('id="shop-boot"');
    expect(res.body).toContain('__staticRouterHydrationData');
    // Drawn by the server and kept by hydration, without their code in the first route (components/kept-list.tsx).
    expect(res.body).toMatch(/<ul class="social-links"><li><a href="https:/);
    expect(res.body).toMatch(/<ul class="payment-logos"><li class="pay-mark"/);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`nonce="${nonce}"`);
  });

  it("hands the browser the frame's and the page's texts, not the checkout's or the account's (first-render-messages.ts)", async () => {
    const [product] = await db.query<{ alias: string }>("SELECT alias FROM product_translations WHERE language_id = 'sv' ORDER BY product_id LIMIT 1");
    for (const url of ['/', `/p/${product!.alias}`, '/varumarken']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const texts = Object.keys(routerHydrationData(res.body).loaderData['layout-sv']?.messages ?? {});
      expect(texts, url).toContain('header.cart');
      expect(texts, url).toContain('footer.newsletter');
      expect(texts.some((id) => id.startsWith('checkout.') || id.startsWith('account.')), url).toBe(false);
      expect(texts.length, url).toBeLessThan(Object.keys(sv).length / 3);
      for (const id of texts) expect(Object.hasOwn(sv, id), id).toBe(true);
    }
  });

  it('renders English under /en with hreflang alternates', async () => {
    const res = await get('/en');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.body).toContain('Bestsellers');
    expect(res.body).toMatch(/rel="alternate" hrefLang="sv-SE"|rel="alternate" hreflang="sv-SE"/i);
  });

  it('renders product, category and content pages by alias, and 404 for unknown ones', async () => {
    const [product] = await db.query<{ alias: string; name: string }>("SELECT alias, name FROM product_translations WHERE language_id = 'en' ORDER BY product_id LIMIT 1");
    const page = await get(`/en/p/${product!.alias}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('application/ld+json');
    expect(page.body).toContain('"@type":"Product"');
    const [category] = await db.query<{ alias: string }>("SELECT alias FROM category_translations WHERE language_id = 'sv' ORDER BY category_id LIMIT 1");
    expect((await get(`/c/${category!.alias}`)).statusCode).toBe(200);
    expect((await get('/om-oss')).statusCode).toBe(200);
    expect((await get('/en/about-us')).statusCode).toBe(200);
    for (const url of ['/p/no-such-game', '/c/no-such-category', '/b/no-such-brand', '/dc/no-such-campaign', '/no-such-page', '/a/b/c/d', '/en/nothing-here', '/404']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      // The Swedish shop says it in Swedish; the spec's English text is the English shop's.
      expect(res.body, url).toContain(url.startsWith('/en/') ? 'This page could not be found' : 'Sidan kunde inte hittas');
    }
  });

  it("draws a list's first four cards with the page and the rest in a boundary the browser hydrates after it (ProductCard.tsx)", async () => {
    const res = await get('/allt');
    expect(res.statusCode).toBe(200);
    const grid = res.body.slice(res.body.indexOf('<div class="product-grid'));
    const boundary = grid.indexOf('<!--$-->');
    expect(boundary).toBeGreaterThan(0);
    expect(grid.slice(0, boundary).match(/<article class="product-card"/g)).toHaveLength(4);
    const later = grid.slice(boundary, grid.indexOf('<!--/$-->'));
    expect(later.match(/<article class="product-card"/g)?.length).toBeGreaterThan(10);
  });

  it("marks a shopper's own pages no-store, so no cache keeps them, and leaves the catalog's pages storable", async () => {
    for (const url of ['/kassan', '/en/checkout', '/checkout/confirm?order=1&token=x', '/en/checkout/klarna-fail']) {
      expect((await get(url)).headers['cache-control'], url).toBe('private, no-store');
    }
    // An account page asked for without a sign-in is never rendered: it sends the visitor home, to the login panel.
    const guarded = await get('/mina-sidor/ordrar');
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/?action=login&returnTo=%2Fmina-sidor%2Fordrar');
    for (const url of ['/', '/en/allt', '/varumarken']) expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
  });

  it('marks any page rendered for a request with the apollo-token cookie private, so no shared cache keeps a personal page', async () => {
    for (const url of ['/', '/en/allt', '/varumarken']) {
      const res = await app.fastify.inject({ url, headers: { accept: 'text/html', cookie: 'apollo-token=any.token.value' } });
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it("renders every page kind from its loaders' answers without writing or reading the server's client cache", async () => {
    // The answers reach the browser in the router's hydration data; a normalised cache on the server only cost time.
    const cacheCalls = (['write', 'read', 'diff'] as const).map((method) => vi.spyOn(InMemoryCache.prototype, method));
    try {
      const [product] = await db.query<{ alias: string; name: string }>("SELECT alias, name FROM product_translations WHERE language_id = 'sv' ORDER BY product_id LIMIT 1");
      const [category] = await db.query<{ alias: string }>("SELECT alias FROM category_translations WHERE language_id = 'sv' ORDER BY category_id LIMIT 1");
      const pages = { '/': 'Mest sålda', [`/p/${product!.alias}`]: product!.name, [`/c/${category!.alias}`]: '', '/s/mario': 'mario', '/b/nintendo': 'Nintendo', '/dc/sommarrea-20': '', '/l/handplockat': '', '/om-oss': '', '/en': 'Bestsellers', '/varumarken': '', '/kassan': '' };
      for (const [url, text] of Object.entries(pages)) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
        expect(Object.keys(routerHydrationData(res.body).loaderData).length, url).toBeGreaterThan(1);
      }
      // A customer's own pages too, which the browser always asks for anew (network-only, which ssrMode reads as
      // cache-first).
      const customer = await signUp(app);
      for (const url of ['/mina-sidor/installningar', '/mina-sidor/ordrar']) {
        const res = await app.fastify.inject({ url, headers: { accept: 'text/html', cookie: `apollo-token=${customer.token}` } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(customer.email);
      }
      for (const call of cacheCalls) expect(call).not.toHaveBeenCalled();
    } finally {
      for (const call of cacheCalls) call.mockRestore();
    }
  });

  it('never shows a stack trace', async () => {
    const res = await get('/p/%E0%A4%A');
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a path it cannot render with the not-found page in the language of the address', async () => {
    const swedish = await get('/s/%00');
    expect(swedish.statusCode).toBe(404);
    expect(swedish.body).toContain('<html lang="sv">');
    expect(swedish.body).toContain('<h1>Sidan kunde inte hittas</h1>');
    expect(swedish.body).toContain('<a class="button" href="/">Till startsidan</a>');
    const english = await get('/en/s/a%00b');
    expect(english.statusCode).toBe(404);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>This page could not be found</h1>');
    expect(english.body).toContain('<a class="button" href="/en">Go to the home page</a>');
    expect(english.body).toContain('Demo shop: no real purchases.');
    expect(english.body).not.toMatch(/Sidan|startsidan|Demobutik/);
  });

  it('answers paths and queries that decode to NUL or broken UTF-16 with the not-found page, not 500', async () => {
    for (const url of ['/s/%00', '/p/%00', '/en/s/a%00b', '/c/%00', '/allt?q=%00', '/s/%ED%A0%80']) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('answers a malformed Host header with 400, for pages and the API alike', async () => {
    for (const host of ['a b', 'ex[ample', 'shop.example:port', 'évil.example', 'a/b']) {
      const page = await app.fastify.inject({ url: '/', headers: { accept: 'text/html', host } });
      expect(page.statusCode, host).toBe(400);
      const api = await app.fastify.inject({ method: 'POST', url: '/graphql', headers: { host }, payload: { query: '{ shop { variant } }' } });
      expect(api.statusCode, host).toBe(400);
    }
    for (const host of ['localhost:3000', 'shop.example', '127.0.0.1:8080', '[::1]:3000']) {
      expect((await app.fastify.inject({ url: '/', headers: { accept: 'text/html', host } })).statusCode, host).toBe(200);
    }
  });

  it('never puts a forged Host into canonical, hreflang or JSON-LD links', async () => {
    const [product] = await db.query<{ alias: string }>("SELECT alias FROM product_translations WHERE language_id = 'en' ORDER BY product_id LIMIT 1");
    for (const url of ['/', '/en', `/en/p/${product!.alias}`]) {
      const res = await app.fastify.inject({ url, headers: { accept: 'text/html', host: 'evil.example' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
      expect(res.body, url).toMatch(/rel="alternate" hrefLang="[^"]+" href="http:\/\/localhost:0\//i);
    }
    const page = await app.fastify.inject({ url: `/en/p/${product!.alias}`, headers: { accept: 'text/html', host: 'evil.example' } });
    expect(page.body).toMatch(/rel="canonical" href="http:\/\/localhost:0\/en\/p\//);
    expect(page.body).toContain('"url":"http://localhost:0/en/p/');
  });
});

describe('server-rendered links with PUBLIC_URL', () => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db, { PUBLIC_URL: 'https://shop.example/', ALLOW_DEMO: 'true' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('builds every absolute link on PUBLIC_URL whatever Host the request names', async () => {
    const [product] = await db.query<{ alias: string }>("SELECT alias FROM product_translations WHERE language_id = 'sv' ORDER BY product_id LIMIT 1");
    const res = await app.fastify.inject({ url: `/p/${product!.alias}`, headers: { accept: 'text/html', host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`rel="canonical" href="https://shop.example/p/${product!.alias}"`);
    expect(res.body).toContain(`"url":"https://shop.example/p/${product!.alias}"`);
  });
});

describe('the error page that cannot fail', () => {
  // The app's error handler answers a failed page with it; a route that fails on purpose stands in for a page.
  const fastify = Fastify();
  const renderer = createRenderer({
    clientDir: undefined,
    env: loadEnv({ LOG_LEVEL: 'silent' }),
    demo: false,
    graphql: () => {
      throw new Error('the error page reads no data');
    },
  });
  fastify.get('/*', (_req, reply) => renderer.renderError(reply, 500));
  afterAll(() => fastify.close());

  it('says the generic error in Swedish, and in English under /en, with a way to that home page', async () => {
    const swedish = await fastify.inject({ url: '/kassan?steg=2' });
    expect(swedish.statusCode).toBe(500);
    expect(swedish.body).toMatch(/^<!doctype html><html lang="sv">/);
    expect(swedish.body).toContain('<h1>Något gick tyvärr fel. Försök gärna igen och kontakta kundtjänst om problemet kvarstår.</h1>');
    expect(swedish.body).toContain('<a class="button" href="/">Till startsidan</a>');
    for (const url of ['/en', '/en?x=1', '/en/checkout']) {
      const english = await fastify.inject({ url });
      expect(english.statusCode, url).toBe(500);
      expect(english.body, url).toMatch(/^<!doctype html><html lang="en">/);
      expect(english.body, url).toContain('<h1>Something went wrong. Please try again and contact customer service if the problem persists.</h1>');
      expect(english.body, url).toContain('<a class="button" href="/en">Go to the home page</a>');
    }
    // Only /en and what is under it is English.
    expect((await fastify.inject({ url: '/engelska' })).body).toContain('<html lang="sv">');
  });
});

describe("a page whose frame's menus fail", () => {
  // Every query fails, the frame's with them: on the server, the one place it can fail since the browser never reads
  // it again (its route's shouldRevalidate). The root's plain error page, with the status, not a frame without menus.
  const fastify = Fastify();
  const renderer = createRenderer({
    clientDir: undefined,
    env: loadEnv({ LOG_LEVEL: 'silent' }),
    demo: false,
    graphql: () => new ApolloLink(() => new Observable((observer) => observer.error(new Error('the menus are down')))),
  });
  fastify.get('/*', (req, reply) => renderer.render(req, reply, ''));
  beforeAll(() => fastify.register(cookie));
  afterAll(() => fastify.close());

  it('opens the root error page with a 5xx status', async () => {
    const res = await fastify.inject({ url: '/allt', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.body).toContain('<h1>An error occurred while showing the error page</h1>');
  });
});

describe("the server render's queries", () => {
  // The app answers the queries through its /graphql endpoint; the renderer's link counts them on the way.
  let db: Db;
  let app: App;
  const asked: string[] = [];
  const fastify = Fastify();
  const renderer = createRenderer({
    clientDir: undefined,
    env: loadEnv({ LOG_LEVEL: 'silent' }),
    demo: false,
    graphql: () =>
      new ApolloLink((operation) => {
        asked.push(`${operation.operationName} ${JSON.stringify(operation.variables)}`);
        const payload = { query: print(operation.query), variables: operation.variables, operationName: operation.operationName };
        return from(app.fastify.inject({ method: 'POST', url: '/graphql', payload }).then((res) => res.json<FormattedExecutionResult>()));
      }),
  });
  fastify.get('/*', (req, reply) => renderer.render(req, reply, ''));
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db);
    await fastify.register(cookie);
  });
  afterAll(async () => {
    await fastify.close();
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('asks each query once per page: with no cache on the server, a second ask is a second run against the database', async () => {
    const [product] = await db.query<{ alias: string }>("SELECT alias FROM product_translations WHERE language_id = 'sv' ORDER BY product_id LIMIT 1");
    // /c/spel and /l/spel have subcategories, whose facet labels read the category tree the page's source read.
    for (const url of ['/', `/p/${product!.alias}`, '/c/spel', '/l/spel', '/s/mario', '/b/nintendo', '/dc/sommarrea-20', '/l/handplockat', '/allt', '/om-oss', '/varumarken', '/en']) {
      asked.length = 0;
      const res = await fastify.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(asked.length, url).toBeGreaterThan(1);
      expect(asked.filter((operation, i) => asked.indexOf(operation) !== i), url).toEqual([]);
    }
  });
});
