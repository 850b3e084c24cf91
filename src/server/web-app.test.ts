import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIcons } from '../shared/app-icons';
import { routes } from '../shared/routes';
import type { Db } from './db/client';
import { createTestApp, type TestApp } from './testing/app';
import { fakeClientBuild } from './testing/client-build';
import { openTestDb } from './testing/db';
import { isFilePath } from './web-app';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  icons: { src: string; sizes: string; purpose: string }[];
  screenshots?: { label: string }[];
  shortcuts: { name: string; short_name: string; url: string }[];
}

/** The installed app: one manifest per language and shop variant, the favicon, and small answers for missing files. */
describe('the web app', () => {
  let db: Db;
  let games: TestApp;
  let candy: TestApp;
  const root = join(import.meta.dirname, '..', '..');
  let build: ReturnType<typeof fakeClientBuild> | undefined;
  beforeAll(async () => {
    build = fakeClientBuild('storefront-web-app-');
    const clientDir = build.dir;
    // The build copies public/ as it is.
    cpSync(join(root, 'public', 'icons'), join(clientDir, 'icons'), { recursive: true });
    db = await openTestDb('pglite');
    games = await createTestApp(db, {}, { clientDir });
    candy = await createTestApp(db, { SHOP_VARIANT: 'candy' }, { clientDir });
  });
  afterAll(async () => {
    try {
      for (const app of [games, candy]) {
        await app?.stop();
        await app?.closePubSub();
      }
      await db?.close();
    } finally {
      build?.remove();
    }
  });

  const manifestOf = async (app: TestApp, url: string) => {
    const res = await app.fastify.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    return res.json<Manifest>();
  };

  it('the Swedish pages install the Swedish app', async () => {
    const manifest = await manifestOf(games, '/manifest.webmanifest');
    expect(manifest).toMatchObject({ id: '/', name: 'Retro Spelbutiken', short_name: 'Retro', lang: 'sv', start_url: '/', scope: '/' });
    expect(manifest.description).toContain('Retrospel');
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Sök', '/?open=search'],
      ['Varukorg', '/?open=cart'],
      ['Favoriter', routes.favorites('sv')],
    ]);
    expect(manifest.screenshots?.map((s) => s.label)).toEqual(['Startsidan i mobilen', 'Startsidan på datorn']);
  });

  it('the English pages install an English app of its own, opening the English shop', async () => {
    const manifest = await manifestOf(games, '/en/manifest.webmanifest');
    expect(manifest).toMatchObject({ id: '/en', name: 'Retro Game Shop', lang: 'en', start_url: '/en', scope: '/en' });
    expect(manifest.description).toContain('Retro games');
    expect(manifest.shortcuts.map((s) => [s.name, s.short_name, s.url])).toEqual([
      ['Search', 'Search', '/en?open=search'],
      ['Cart', 'Cart', '/en?open=cart'],
      ['Favorites', 'Favorites', routes.favorites('en')],
    ]);
    expect(manifest.screenshots?.map((s) => s.label)).toEqual(['The home page on a phone', 'The home page on a computer']);
    // What each language's page links (its <head>), with the app's title for iOS in the page's language.
    const english = await games.fastify.inject({ url: '/en', headers: { accept: 'text/html' } });
    expect(english.body).toContain('<link rel="manifest" href="/en/manifest.webmanifest"/>');
    const swedish = await games.fastify.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(swedish.body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(swedish.body).not.toContain('/en/manifest.webmanifest');
  });

  it("the candy shop's apps have its own names and icons, in both languages", async () => {
    const sv = await manifestOf(candy, '/manifest.webmanifest');
    const en = await manifestOf(candy, '/en/manifest.webmanifest');
    expect([sv.name, sv.short_name, sv.lang]).toEqual(['Godisbutiken', 'Godis', 'sv']);
    expect([en.name, en.short_name, en.lang, en.start_url]).toEqual(['The Candy Shop', 'Candy', 'en', '/en']);
    // The games shop's screenshots would show another shop.
    expect(sv.screenshots).toBeUndefined();
    for (const manifest of [sv, en]) {
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
      expect(manifest.icons.every((i) => i.src.startsWith('/icons/candy/'))).toBe(true);
    }
    const gamesManifest = await manifestOf(games, '/manifest.webmanifest');
    expect(gamesManifest.icons.every((i) => i.src.startsWith('/icons/games/'))).toBe(true);
  });

  it("every manifest's icon is a file of the build", async () => {
    for (const [app, url] of [[games, '/manifest.webmanifest'], [candy, '/en/manifest.webmanifest']] as const) {
      const manifest = await manifestOf(app, url);
      for (const icon of manifest.icons) {
        const res = await app.fastify.inject({ url: icon.src });
        expect(res.statusCode, icon.src).toBe(200);
        expect(res.headers['content-type'], icon.src).toBe('image/png');
      }
    }
  });

  it("/favicon.ico is the variant's icon, and the pages link the variant's icons", async () => {
    for (const [app, variant] of [[games, 'games'], [candy, 'candy']] as const) {
      const res = await app.fastify.inject({ url: '/favicon.ico' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/icon/);
      // An .ico file (reserved 0, type 1), small.
      expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
      expect(res.rawPayload.length).toBeLessThan(8 * 1024);
      const file = await app.fastify.inject({ url: appIcons(variant).favicon });
      expect(file.rawPayload.equals(res.rawPayload)).toBe(true);
    }
    const page = await candy.fastify.inject({ url: '/en', headers: { accept: 'text/html' } });
    expect(page.body).toContain(`href="${appIcons('candy').svg}"`);
    expect(page.body).toContain(`href="${appIcons('candy').appleTouch}"`);
    expect(page.body).toContain('<meta name="apple-mobile-web-app-title" content="Candy"/>');
  });

  it('a missing file is a few bytes of text, a missing page still the shop’s 404 page', async () => {
    for (const url of ['/favicon.png', '/apple-touch-icon.png', '/icons/nope.png', '/assets/shell-gone.js', '/en/styles.css.map', '/sitemap.xml']) {
      const res = await games.fastify.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(res.body.length, url).toBeLessThan(100);
    }
    const page = await games.fastify.inject({ url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('tells file paths from page paths', () => {
    for (const path of ['/favicon.ico', '/assets/x', '/icons/games/icon-192.png', '/robots.txt', '/a/b.webp?x=1']) expect(isFilePath(path), path).toBe(true);
    for (const path of ['/', '/en', '/offline.html', '/en/offline.html', '/p/super-mario-64', '/c/spel/nes', '/s/a.b c', '/assets']) expect(isFilePath(path), path).toBe(false);
  });
});
