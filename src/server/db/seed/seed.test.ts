import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client';
import { openTestDb, testDbKinds } from '../../testing/db';
import { shopCopyProblems } from '../../testing/shop-copy';
import { CategoryIndex } from './categories';
import { ProductGenerator } from './generate-products';
import type { ShopVariant } from '../../../shared/shop';
import { DEFAULT_PRODUCT_COUNT, catalogFor, isSeeded, seedAnchor, seedCatalog } from './index';
import { MENU_LOCATIONS } from './menus';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PRICE_RANGE: Record<ShopVariant, [number, number]> = { games: [9_900, 299_900], candy: [1_500, 39_900] };

async function value<T>(db: Db, sql: string, params: readonly (string | number)[] = []): Promise<T> {
  const [row] = await db.query<{ v: T }>(sql, params);
  return row!.v;
}

/** Read-only checks, so they can also run against the shared seeded PostgreSQL database. */
function catalogInvariants(variant: ShopVariant, getDb: () => Db) {
  it('records the variant and has at least the default number of products', async () => {
    const db = getDb();
    expect(await isSeeded(db)).toBe(true);
    expect(await value<string>(db, "SELECT value AS v FROM shop_meta WHERE key = 'variant'")).toBe(variant);
    expect(await value<number>(db, 'SELECT count(*)::int AS v FROM products')).toBeGreaterThanOrEqual(600);
    expect(await value<number>(db, 'SELECT count(*)::int AS v FROM brands')).toBeGreaterThanOrEqual(25);
    expect(await value<number>(db, 'SELECT count(DISTINCT vat_rate)::int AS v FROM products')).toBe(1);
    expect(await value<number>(db, 'SELECT min(vat_rate) AS v FROM products')).toBe(variant === 'games' ? 25 : 12);
  });

  it('has Swedish and English text for every translated row', async () => {
    const db = getDb();
    const tables = [
      ['category_translations', 'category_id', 'categories'],
      ['brand_translations', 'brand_id', 'brands'],
      ['discount_campaign_translations', 'campaign_id', 'discount_campaigns'],
      ['product_translations', 'product_id', 'products'],
      ['sku_translations', 'sku_id', 'skus'],
      ['content_page_translations', 'page_id', 'content_pages'],
    ] as const;
    for (const [table, key, parent] of tables) {
      const missing = await value<number>(
        db,
        `SELECT count(*)::int AS v FROM ${parent} p
          WHERE (SELECT count(*) FROM ${table} t WHERE t.${key} = p.${key} AND t.language_id IN ('sv', 'en')) <> 2`,
      );
      expect(missing, table).toBe(0);
    }
    const params = await db.query<{ language_id: string; n: number }>(
      'SELECT language_id, count(*)::int AS n FROM product_parameters GROUP BY 1 ORDER BY 1',
    );
    expect(params.map((p) => p.language_id)).toEqual(['en', 'sv']);
    expect(params[0]!.n).toBe(params[1]!.n);
    // English texts are translations, not copies of the Swedish ones.
    expect(await value<number>(db, `SELECT count(*)::int AS v FROM product_translations s JOIN product_translations e
      ON e.product_id = s.product_id AND e.language_id = 'en' WHERE s.language_id = 'sv' AND s.description = e.description`)).toBe(0);
  });

  it('places every product in a leaf of a three-level tree and in all its ancestors', async () => {
    const db = getDb();
    expect(await value<number>(db, `WITH RECURSIVE d AS (SELECT category_id, 1 AS depth FROM categories WHERE parent_category_id IS NULL
      UNION ALL SELECT c.category_id, d.depth + 1 FROM categories c JOIN d ON c.parent_category_id = d.category_id)
      SELECT max(depth) AS v FROM d`)).toBe(3);
    expect(await value<number>(db, `SELECT count(*)::int AS v FROM products p
      WHERE EXISTS (SELECT 1 FROM categories c WHERE c.parent_category_id = p.primary_category_id)`)).toBe(0);
    expect(await value<number>(db, `WITH RECURSIVE up AS (SELECT product_id, primary_category_id AS category_id FROM products
      UNION SELECT up.product_id, c.parent_category_id FROM up JOIN categories c ON c.category_id = up.category_id
      WHERE c.parent_category_id IS NOT NULL)
      SELECT count(*)::int AS v FROM (SELECT * FROM up EXCEPT SELECT * FROM product_categories) missing`)).toBe(0);
  });

  it('uses lowercase ASCII slugs as aliases', async () => {
    const db = getDb();
    const aliases = await db.query<{ alias: string }>(`
      SELECT alias FROM product_translations UNION ALL SELECT alias FROM category_translations
      UNION ALL SELECT alias FROM discount_campaign_translations UNION ALL SELECT alias FROM content_page_translations
      UNION ALL SELECT alias FROM brands`);
    expect(aliases.filter((a) => !SLUG.test(a.alias))).toEqual([]);
    const spel = variant === 'games' ? ['spel', 'games'] : ['godis', 'sweets'];
    expect(await db.query("SELECT language_id, alias FROM category_translations WHERE category_id = 1 ORDER BY language_id DESC"))
      .toEqual([{ language_id: 'sv', alias: spel[0] }, { language_id: 'en', alias: spel[1] }]);
  });

  it('gives each product one to three priced SKUs in every stock state', async () => {
    const db = getDb();
    const [min, max] = PRICE_RANGE[variant];
    expect(await db.query(`SELECT min(n)::int AS lo, max(n)::int AS hi FROM (SELECT count(*) AS n FROM skus GROUP BY product_id) x`))
      .toEqual([{ lo: 1, hi: 3 }]);
    expect(await value<number>(db, 'SELECT count(*)::int AS v FROM products p WHERE NOT EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.product_id)')).toBe(0);
    expect(await value<number>(db, 'SELECT count(*)::int AS v FROM skus WHERE price_minor NOT BETWEEN $1 AND $2', [min, max])).toBe(0);
    expect(await value<number>(db, 'SELECT avg((price_minor % 100 = 0)::int)::float AS v FROM skus')).toBeGreaterThan(0.9);
    const states = await db.query<{ state: string; share: number }>(`
      SELECT CASE WHEN is_static THEN 'static' WHEN incoming_date IS NOT NULL AND stock = 0 THEN 'incoming'
                  WHEN oversellable THEN 'oversellable' WHEN stock >= 5 THEN 'in-stock' WHEN stock > 0 THEN 'few-left'
                  ELSE 'out-of-stock' END AS state, (count(*)::float / sum(count(*)) OVER ()) AS share
        FROM skus GROUP BY 1`);
    expect(states.map((s) => s.state).sort()).toEqual(['few-left', 'in-stock', 'incoming', 'out-of-stock', 'oversellable', 'static']);
    expect(states.find((s) => s.state === 'in-stock')!.share).toBeGreaterThan(0.3);
    expect(await value<number>(db, 'SELECT count(*)::int AS v FROM skus WHERE incoming_date IS NOT NULL AND incoming_date <= current_date')).toBe(0);
    // refresh_product_prices() ran: list prices are the cheapest SKU, and campaigns lowered some.
    expect(await value<number>(db, `SELECT count(*)::int AS v FROM products p
      WHERE p.price_minor <> (SELECT min(price_minor) FROM skus s WHERE s.product_id = p.product_id)`)).toBe(0);
    expect(await value<number>(db, 'SELECT count(*)::int AS v FROM products WHERE selling_price_minor < price_minor')).toBeGreaterThan(0);
  });

  it('has every campaign type, one hidden title, and products linked to all but free shipping', async () => {
    const db = getDb();
    const campaigns = await db.query<{ type: string; hide_title: boolean; products: number; threshold_minor: number | null }>(`
      SELECT c.type, c.hide_title, c.threshold_minor, count(pdc.product_id)::int AS products
        FROM discount_campaigns c LEFT JOIN product_discount_campaigns pdc USING (campaign_id) GROUP BY c.campaign_id ORDER BY c.campaign_id`);
    expect(new Set(campaigns.map((c) => c.type))).toEqual(new Set(['PERCENT', 'FIXED', 'BUY_X_PAY_Y', 'FREE_SHIPPING']));
    expect(campaigns.filter((c) => c.hide_title)).toHaveLength(1);
    for (const c of campaigns) {
      if (c.type === 'FREE_SHIPPING') expect(c.threshold_minor).toBe(49_900);
      else expect(c.products, c.type).toBeGreaterThan(0);
    }
  });

  it('keeps images local, one to three for every product', async () => {
    const db = getDb();
    expect(await value<number>(db, "SELECT count(*)::int AS v FROM products, unnest(images) f WHERE f LIKE '%http%' OR f !~ '^p[0-9]+-[1-3][.]svg$'")).toBe(0);
    expect(await value<number>(db, "SELECT count(*)::int AS v FROM products WHERE coalesce(array_length(images, 1), 0) NOT BETWEEN 1 AND 3")).toBe(0);
    expect(await value<number>(db, "SELECT count(DISTINCT date_trunc('month', created_at))::int AS v FROM products")).toBeGreaterThan(18);
    expect(await value<number>(db, 'SELECT count(DISTINCT sales_count)::int AS v FROM products')).toBeGreaterThan(100);
  });

  it('has menus for every location and language, and the content pages', async () => {
    const db = getDb();
    const menus = await db.query<{ menu_location_id: string; language_id: string; n: number }>(`
      SELECT m.menu_location_id, m.language_id, count(i.id)::int AS n FROM menus m
        LEFT JOIN menu_items i USING (menu_location_id, language_id) GROUP BY 1, 2`);
    expect(menus).toHaveLength(MENU_LOCATIONS.length * 2);
    expect(menus.every((m) => m.n > 0)).toBe(true);
    expect(await value<number>(db, `SELECT count(*)::int AS v FROM menu_items
      WHERE language_id = 'en' AND canonical_url LIKE '/%' AND canonical_url NOT LIKE '/en/%'`)).toBe(0);
    const main = await db.query<{ canonical_url: string }>(
      "SELECT canonical_url FROM menu_items WHERE menu_location_id = 'main-desktop' AND language_id = 'en' AND type = 'category' ORDER BY id LIMIT 2",
    );
    expect(main.map((m) => m.canonical_url)).toEqual(variant === 'games' ? ['/en/c/games', '/en/c/games/nintendo'] : ['/en/c/sweets', '/en/c/sweets/pick-mix']);
    const pages = await db.query<{ key: string; sv: string; en: string }>(`
      SELECT p.key, s.alias AS sv, e.alias AS en FROM content_pages p
        JOIN content_page_translations s ON s.page_id = p.page_id AND s.language_id = 'sv'
        JOIN content_page_translations e ON e.page_id = p.page_id AND e.language_id = 'en' ORDER BY p.key`);
    expect(pages).toEqual([
      { key: 'about', sv: 'om-oss', en: 'about-us' },
      { key: 'coming-soon', sv: 'kommer-snart', en: 'coming-soon' },
      { key: 'cookies', sv: 'cookies', en: 'cookies' },
      { key: 'customer-service', sv: 'kundtjanst', en: 'customer-service' },
      // The home page's aliases are never addresses (the catch-all skips it; decision 0018).
      { key: 'home', sv: 'hem', en: 'home' },
      { key: 'purchase-terms', sv: 'kopvillkor', en: 'purchase-terms' },
      { key: 'showcase', sv: 'utvalt', en: 'featured' },
    ]);
    // What shoppers read is the page's text widget (the body column is no longer read; migration 0024).
    expect(await value<string>(db, "SELECT texts->'sv'->>'html' AS v FROM content_widgets WHERE page_id = 1 AND position = 0")).toContain('2015');
  });

  it('says one thing everywhere: delivery times, condition choice, shop name, customer-service address, social profiles', async () => {
    expect(await shopCopyProblems(getDb(), variant)).toEqual([]);
  });

  it('is deterministic: the same input generates the same names', async () => {
    const db = getDb();
    const catalog = catalogFor(variant);
    const generator = new ProductGenerator(catalog, new CategoryIndex(catalog.categories, catalog.describeCategory), seedAnchor());
    const expected = Array.from({ length: 5 }, () => generator.next()).flatMap((p) => [p.draft.name.sv, p.draft.name.en]);
    const stored = await db.query<{ name: string }>(
      "SELECT name FROM product_translations WHERE product_id <= 5 ORDER BY product_id, language_id = 'en'",
    );
    expect(stored.map((r) => r.name)).toEqual(expected);
  });
}

for (const kind of testDbKinds()) {
  if (kind === 'postgres') {
    // The PostgreSQL test database is shared and already seeded with the games catalog: read-only checks.
    describe('games catalog on postgres', () => {
      let db: Db;
      beforeAll(async () => {
        db = await openTestDb('postgres', 'games');
      });
      afterAll(() => db.close());
      catalogInvariants('games', () => db);
    });
    continue;
  }
  for (const variant of ['games', 'candy'] as const) {
    describe(`${variant} catalog on pglite`, () => {
      let db: Db;
      beforeAll(async () => {
        db = await openTestDb('pglite', 'empty');
        expect(await isSeeded(db)).toBe(false);
        const result = await seedCatalog(db, { variant });
        expect(result.products).toBe(DEFAULT_PRODUCT_COUNT);
        expect(await value<number>(db, 'SELECT count(*)::int AS v FROM skus')).toBe(result.skus);
        expect(await value<number>(db, 'SELECT count(*)::int AS v FROM categories')).toBe(result.categories);
        expect(await value<number>(db, 'SELECT count(*)::int AS v FROM discount_campaigns')).toBe(result.campaigns);
      });
      afterAll(() => db.close());
      catalogInvariants(variant, () => db);

      it('refuses to seed a database that already holds a catalog', async () => {
        await expect(seedCatalog(db, { variant, products: 1 })).rejects.toThrow(/already holds a catalog/);
      });

      if (variant === 'candy') {
        it('finds products for the top search terms in Swedish', async () => {
          for (const term of ['godis', 'askar', 'lakrits', 'choklad', 'present']) {
            const hits = await value<number>(db, `SELECT count(*)::int AS v FROM product_translations
              WHERE language_id = 'sv' AND search_vector @@ websearch_to_tsquery('swedish', $1)`, [term]);
            expect(hits, term).toBeGreaterThan(10);
          }
        });
      } else {
        it('describes games with region, genre and players filters in both languages', async () => {
          const names = await db.query<{ language_id: string; name: string }>(
            'SELECT DISTINCT language_id, name FROM product_parameters ORDER BY 1, 2',
          );
          expect(names.filter((n) => n.language_id === 'sv').map((n) => n.name)).toEqual(
            expect.arrayContaining(['Genre', 'Plattform', 'Region', 'Spelare']),
          );
          expect(await db.query("SELECT DISTINCT value FROM product_parameters WHERE name = 'Region' ORDER BY 1")).toEqual([
            { value: 'NTSC-J' }, { value: 'NTSC-U' }, { value: 'PAL' },
          ]);
          expect(await value<number>(db, "SELECT count(*)::int AS v FROM product_translations WHERE name = 'Super Mario World'")).toBe(2);
        });
      }
    });
  }
}
