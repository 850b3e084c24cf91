import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { seedCatalog } from '../db/seed';
import { themes } from '../modules/content';
import { createTestApp } from '../testing/app';
import { openTestDb } from '../testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('the candy variant (SHOP_VARIANT=candy)', () => {
  let db: Db;
  let app: App;
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

  it('renders its own name, selling points, theme colours and sweets instead of games', async () => {
    const res = await app.fastify.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Godisbutiken');
    expect(res.body).toContain('Färskt godis');
    // The brand colour is the spec's for both; the header and footer themes are the variant's own.
    expect(res.body).toContain(`--header-bg:${themes.candy.headerBackground}`);
    expect(res.body).toContain(`--footer-bg:${themes.candy.footerBackground}`);
    expect(themes.candy.headerBackground).not.toBe(themes.games.headerBackground);
    const [top] = await db.query<{ name: string }>(
      "SELECT pt.name FROM products p JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'sv' ORDER BY p.sales_count DESC, p.product_id LIMIT 1",
    );
    expect(res.body).toContain(top!.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    const visible = res.body.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(visible).not.toContain('Retro Spelbutiken');
    expect(/<title>([^<]*)<\/title>/.exec(visible)?.[1]).toContain('Godisbutiken');
    expect(JSON.parse(/<script id="shop-boot" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!).variant).toBe('candy');
  });

  it('leads its home page with its own campaign, categories and selling points, drawn as jars, bags, boxes and bars', async () => {
    const res = await app.fastify.inject({ url: '/', headers: { accept: 'text/html' } });
    const html = res.body.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(html).toMatch(/<a[^>]+href="\/dc\/[^"]+"[^>]*>Till kampanjen/);
    expect(html).toContain('Spara 20 procent på utvald choklad.');
    const categories = await db.query<{ category_id: number; name: string }>(
      `SELECT c.category_id, ct.name FROM categories c JOIN category_translations ct ON ct.category_id = c.category_id AND ct.language_id = 'sv'
       WHERE c.parent_category_id IS NULL ORDER BY c.sort_order`,
    );
    expect(categories.map((c) => c.name)).toEqual(['Godis', 'Choklad', 'Lakrits', 'Askar och presenter']);
    const kinds = new Set<string>();
    for (const category of categories) {
      expect(html).toContain(`src="/images/c${category.category_id}.svg"`);
      const art = await app.fastify.inject({ url: `/images/c${category.category_id}.svg` });
      kinds.add(/data-kind="([^"]+)"/.exec(art.body)![1]!);
    }
    // Loose sweets come in a jar, chocolate as a bar, liquorice in a bag, gifts in a box.
    expect(kinds).toEqual(new Set(['jar', 'bag', 'bar', 'box']));
    expect(html).toContain('Vi fyller på lagret varje vecka');
    expect(html).not.toContain('Rengjort och testat');
  });
});
