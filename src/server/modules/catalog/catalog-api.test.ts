import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { gql, withTestApp, type TestApp } from '../../testing/app';
import { testDbKinds } from '../../testing/db';

type App = TestApp;
const card = `productId name alias canonicalUrl images brand { name alias } categories { name }
  unitPrice { isDiscounted sellingPriceIncVat sellingPriceExVat sellingPriceIncVatFormatted regularPriceIncVatFormatted
    regularPriceExVatFormatted sellingPriceExVatFormatted vat discountPercentage }
  stock { inStock oversellable totalStock static incoming status }`;

describe.each(testDbKinds())('catalog GraphQL API on %s', (kind) => {
  let db: Db;
  let app: App;
  withTestApp(kind, (opened) => ({ db, app } = opened));

  it('answers the category tree with three levels in both languages', async () => {
    for (const [languageId, prefix] of [['sv', '/c/'], ['en', '/en/c/']] as const) {
      const { body } = await gql<{ categories: { categoryId: number; parentCategoryId: number | null; canonicalUrl: string }[] }>(
        app,
        'query ($l: String) { categories(languageId: $l) { categoryId parentCategoryId canonicalUrl name alias order } }',
        { l: languageId },
      );
      const categories = body.data!.categories;
      const byId = new Map(categories.map((c) => [c.categoryId, c]));
      const depth = (id: number): number => {
        const parent = byId.get(id)?.parentCategoryId;
        return parent == null ? 1 : 1 + depth(parent);
      };
      expect(Math.max(...categories.map((c) => depth(c.categoryId)))).toBe(3);
      expect(categories.every((c) => c.canonicalUrl.startsWith(prefix))).toBe(true);
    }
  });

  it('lists products with count, pages that do not overlap, and every stock state', async () => {
    const query = `query ($f: FilterInputType) { products(filter: $f) { count products { ${card} } } }`;
    type Result = { products: { count: number; products: { productId: number; stock: { status: string } }[] } };
    const first = await gql<Result>(app, query, { f: { limit: 24 } });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.products.count).toBeGreaterThanOrEqual(600);
    expect(first.body.data!.products.products).toHaveLength(24);
    const second = await gql<Result>(app, query, { f: { limit: 24, offset: 24 } });
    const firstIds = new Set(first.body.data!.products.products.map((p) => p.productId));
    expect(second.body.data!.products.products.some((p) => firstIds.has(p.productId))).toBe(false);
    const all = await gql<Result>(app, query, { f: { limit: 100, sort: 'BESTSELLERS' } });
    expect(all.body.data!.products.products.length).toBe(100);
    const [row] = await db.query<{ statuses: number }>(
      `SELECT count(DISTINCT CASE WHEN is_static THEN 'static' WHEN stock >= 5 THEN 'in' WHEN stock > 0 THEN 'few'
         WHEN oversellable THEN 'over' WHEN incoming_date IS NOT NULL THEN 'incoming' ELSE 'out' END)::int AS statuses FROM skus`,
    );
    expect(row!.statuses).toBe(6);
  });

  it('sorts by price both ways and filters by price range in kronor', async () => {
    type Result = { products: { products: { unitPrice: { sellingPriceIncVat: number } }[] } };
    const prices = async (f: Record<string, unknown>) =>
      (await gql<Result>(app, `query ($f: FilterInputType) { products(filter: $f) { products { unitPrice { sellingPriceIncVat } } } }`, { f })).body.data!.products.products.map(
        (p) => p.unitPrice.sellingPriceIncVat,
      );
    const low = await prices({ sort: 'LOWEST_PRICE', limit: 50 });
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = await prices({ sort: 'HIGHEST_PRICE', limit: 50 });
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const ranged = await prices({ price: { min: 100, max: 300 }, limit: 100 });
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((p) => p >= 100 && p <= 300)).toBe(true);
  });

  it('filters by category (including descendants), brand and campaign, with facet counts', async () => {
    const { body } = await gql<{ categories: { categoryId: number; parentCategoryId: number | null }[]; brands: { brandId: number }[]; discountCampaigns: { discountCampaignId: number; type: string }[] }>(
      app,
      '{ categories { categoryId parentCategoryId } brands { brandId } discountCampaigns { discountCampaignId type } }',
    );
    expect(body.data!.brands.length).toBeGreaterThanOrEqual(25);
    expect(new Set(body.data!.discountCampaigns.map((c) => c.type))).toEqual(new Set(['PERCENT', 'FIXED', 'BUY_X_PAY_Y', 'FREE_SHIPPING']));
    const root = body.data!.categories.find((c) => c.parentCategoryId === null)!;
    type Result = { products: { count: number; facets: { brands: { id: string; count: number }[]; categories: { id: string; count: number }[]; price: { min: number; max: number } | null } } };
    const query = `query ($f: FilterInputType) { products(filter: $f) { count facets { brands { id label count } categories { id label count }
      discountCampaigns { id label count } skus { id count } parameters { name values { id count } } price { min max } } } }`;
    const inRoot = (await gql<Result>(app, query, { f: { categoryIds: [root.categoryId] } })).body.data!.products;
    expect(inRoot.count).toBeGreaterThan(0);
    expect(inRoot.facets.brands.reduce((sum, b) => sum + b.count, 0)).toBe(inRoot.count);
    // The price facet spans the matching products' selling prices, in kronor like the prices themselves.
    const firstPrice = async (sort: string) =>
      (await gql<{ products: { products: { unitPrice: { sellingPriceIncVat: number } }[] } }>(
        app,
        'query ($f: FilterInputType) { products(filter: $f) { products { unitPrice { sellingPriceIncVat } } } }',
        { f: { categoryIds: [root.categoryId], sort, limit: 1 } },
      )).body.data!.products.products[0]!.unitPrice.sellingPriceIncVat;
    expect(inRoot.facets.price).toEqual({ min: await firstPrice('LOWEST_PRICE'), max: await firstPrice('HIGHEST_PRICE') });
    const brand = inRoot.facets.brands[0]!;
    const both = (await gql<Result>(app, query, { f: { categoryIds: [root.categoryId], brandIds: [Number(brand.id)] } })).body.data!.products;
    expect(both.count).toBe(brand.count);
    // The brand facet ignores the brand filter itself, so other brands stay selectable.
    expect(both.facets.brands.length).toBe(inRoot.facets.brands.length);
    const campaign = body.data!.discountCampaigns.find((c) => c.type === 'PERCENT')!;
    const discounted = await gql<{ products: { count: number; products: { unitPrice: { isDiscounted: boolean } }[] } }>(
      app,
      'query ($f: FilterInputType) { products(filter: $f) { count products { unitPrice { isDiscounted } } } }',
      { f: { discountCampaignIds: [campaign.discountCampaignId] } },
    );
    expect(discounted.body.data!.products.count).toBeGreaterThan(0);
    expect(discounted.body.data!.products.products.every((p) => p.unitPrice.isDiscounted)).toBe(true);
  });

  it('filters by SKU name and by parameter values', async () => {
    const [sku] = await db.query<{ name: string }>("SELECT name FROM sku_translations WHERE language_id = 'sv' GROUP BY name ORDER BY count(*) DESC LIMIT 1");
    const [parameter] = await db.query<{ name: string; value: string; n: number }>(
      "SELECT name, value, count(*)::int AS n FROM product_parameters WHERE language_id = 'sv' GROUP BY name, value ORDER BY count(*) DESC LIMIT 1",
    );
    type Result = { products: { count: number; products: { skus: { name: string }[]; parameters: { name: string; value: string }[] }[] } };
    const query = 'query ($f: FilterInputType) { products(filter: $f) { count products { skus { name } parameters { name value } } } }';
    const bySku = (await gql<Result>(app, query, { f: { skus: [sku!.name], limit: 50 } })).body.data!.products;
    expect(bySku.count).toBeGreaterThan(0);
    expect(bySku.products.every((p) => p.skus.some((s) => s.name === sku!.name))).toBe(true);
    const byParameter = (await gql<Result>(app, query, { f: { parameters: [{ name: parameter!.name, values: [parameter!.value] }], limit: 50 } })).body.data!.products;
    expect(byParameter.count).toBe(parameter!.n);
    expect(byParameter.products.every((p) => p.parameters.some((x) => x.name === parameter!.name && x.value === parameter!.value))).toBe(true);
  });

  it('searches in both languages with prefixes and typo tolerance, and suggests', async () => {
    const [known] = await db.query<{ name: string }>(
      "SELECT name FROM product_translations WHERE language_id = 'sv' AND name ~ '^[A-Za-z]{6,} ' ORDER BY product_id LIMIT 1",
    );
    const word = known!.name.split(' ')[0]!;
    type Result = { products: { count: number; products: { name: string }[] } };
    const search = async (text: string, languageId = 'sv') =>
      (await gql<Result>(app, 'query ($f: FilterInputType, $l: String) { products(filter: $f, languageId: $l) { count products { name } } }', { f: { searchText: text, sort: 'RELEVANCE' }, l: languageId })).body.data!.products;
    const exact = await search(word);
    expect(exact.count).toBeGreaterThan(0);
    expect(exact.products[0]!.name.toLowerCase()).toContain(word.toLowerCase());
    expect((await search(word.slice(0, 4))).count).toBeGreaterThan(0);
    const typo = word.slice(0, 3) + word.slice(4);
    expect((await search(typo)).products.some((p) => p.name.includes(word))).toBe(true);
    // The seeded catalog has accented titles (Pokémon); searching without the accent finds them.
    const [accented] = await db.query<{ name: string }>("SELECT name FROM product_translations WHERE language_id = 'sv' AND name ~ 'é' ORDER BY product_id LIMIT 1");
    expect(accented).toBeDefined();
    const plain = accented!.name.normalize('NFD').replace(/\p{M}/gu, '');
    expect(plain).not.toBe(accented!.name);
    expect((await search(plain)).products.map((p) => p.name)).toContain(accented!.name);
    expect((await search(word, 'en')).count).toBeGreaterThan(0);
    expect((await search('qqqxxzzyy')).count).toBe(0);
    const suggestions = await gql<{ searchSuggestions: { count: number; products: unknown[]; tags: unknown[] } }>(
      app,
      'query ($t: String!) { searchSuggestions(searchText: $t, limit: 5) { count products { name canonicalUrl images unitPrice { sellingPriceIncVatFormatted } } tags { label canonicalUrl } } }',
      { t: word },
    );
    expect(suggestions.body.data!.searchSuggestions.products.length).toBeGreaterThan(0);
    expect(suggestions.body.data!.searchSuggestions.products.length).toBeLessThanOrEqual(5);
  });

  it('tolerates two swapped letters, with the intended product first, in the list and the suggestions alike', async () => {
    type Found = { count: number; products: { name: string; categories: { name: string }[] }[] };
    const fields = 'count products { name categories { name } }';
    const search = async (text: string, languageId: string) =>
      (await gql<{ products: Found }>(app, `query ($f: FilterInputType, $l: String) { products(filter: $f, languageId: $l) { ${fields} } }`, { f: { searchText: text, sort: 'RELEVANCE', limit: 5 }, l: languageId })).body.data!.products;
    const suggest = async (text: string, languageId: string) =>
      (await gql<{ searchSuggestions: Found }>(app, `query ($t: String!, $l: String) { searchSuggestions(searchText: $t, limit: 5, languageId: $l) { ${fields} } }`, { t: text, l: languageId })).body.data!.searchSuggestions;

    for (const [typed, intended, games, languageId] of [
      ['zleda', 'Zelda', 'Spel', 'sv'],
      ['Pokméon', 'Pokémon', 'Spel', 'sv'],
      ['Pokméon', 'Pokémon', 'Games', 'en'],
      ['legned of zelda', 'The Legend of Zelda', 'Games', 'en'],
    ] as const) {
      for (const found of [await search(typed, languageId), await suggest(typed, languageId)]) {
        expect(found.count, typed).toBeGreaterThan(0);
        expect(found.products.map((p) => p.name).filter((name) => !name.includes(intended)), typed).toEqual([]);
        // A game comes first: the console named 'Game Boy Color Pokémon-utgåva' follows the Pokémon games.
        expect(found.products[0]!.categories.map((c) => c.name), typed).toContain(games);
      }
    }
    // Spelt right, the word comes before its swapped spellings ('mario', not 'maroi').
    expect((await search('mario', 'sv')).products[0]!.name).toContain('Mario');
    // The header's category and brand tags tolerate the swap too.
    const { body } = await gql<{ searchSuggestions: { tags: { label: string; kind: string }[] } }>(app, '{ searchSuggestions(searchText: "sgea") { tags { label kind } } }');
    expect(body.data!.searchSuggestions.tags).toContainEqual({ label: 'Sega', kind: 'BRAND' });
  });

  it('tells search tags with the same label apart: the parent category, or that it is a brand', async () => {
    type Tag = { label: string; canonicalUrl: string; kind: string; parentLabel: string | null };
    const tagsFor = async (text: string, languageId: string) =>
      (await gql<{ searchSuggestions: { tags: Tag[] } }>(app, 'query ($t: String!, $l: String) { searchSuggestions(searchText: $t, languageId: $l) { tags { label canonicalUrl kind parentLabel } } }', { t: text, l: languageId })).body.data!.searchSuggestions.tags;
    const sv = await tagsFor('sega', 'sv');
    expect(sv.map(({ label, kind, parentLabel }) => ({ label, kind, parentLabel }))).toEqual([
      { label: 'Sega', kind: 'BRAND', parentLabel: null },
      { label: 'Sega', kind: 'CATEGORY', parentLabel: 'Spel' },
      { label: 'Sega', kind: 'CATEGORY', parentLabel: 'Konsoler' },
      { label: 'Sega', kind: 'CATEGORY', parentLabel: 'Handkontroller' },
    ]);
    expect(new Set(sv.map((t) => t.canonicalUrl)).size).toBe(4);
    expect((await tagsFor('sega', 'en')).map((t) => t.parentLabel)).toEqual([null, 'Games', 'Consoles', 'Controllers']);
    // A top-level category has no parent to name.
    expect(await tagsFor('konsoler', 'sv')).toContainEqual(expect.objectContaining({ label: 'Konsoler', kind: 'CATEGORY', parentLabel: null }));
  });

  it('names the path from the top-level category where one parent name stands for two parents in the answer', async () => {
    type Tag = { label: string; canonicalUrl: string; kind: string; parentLabel: string | null };
    const tagsFor = async (text: string, languageId: string) =>
      (await gql<{ searchSuggestions: { tags: Tag[] } }>(app, 'query ($t: String!, $l: String) { searchSuggestions(searchText: $t, languageId: $l) { tags { label canonicalUrl kind parentLabel } } }', { t: text, l: languageId })).body.data!.searchSuggestions.tags;
    for (const languageId of ['sv', 'en']) {
      for (const text of ['snes', 'playstation', 'mega', 'game boy', 'nintendo']) {
        const tags = await tagsFor(text, languageId);
        expect(tags.length, `${text} (${languageId})`).toBeGreaterThan(1);
        const readings = tags.map((t) => `${t.label} / ${t.parentLabel ?? t.kind}`);
        expect(new Set(readings).size, `${text} (${languageId}): ${readings.join(', ')}`).toBe(tags.length);
      }
    }
    const label = ({ label, parentLabel }: Tag) => ({ label, parentLabel });
    expect((await tagsFor('snes', 'sv')).map(label)).toEqual([
      { label: 'SNES', parentLabel: 'Spel › Nintendo' },
      { label: 'SNES', parentLabel: 'Konsoler › Nintendo' },
    ]);
    expect((await tagsFor('playstation', 'en')).map(label)).toContainEqual({ label: 'PlayStation', parentLabel: 'Consoles › Sony' });
    // Once a parent's name stands for two parents in the answer, every tag under that name says which one.
    expect((await tagsFor('game boy', 'sv')).map(label)).toContainEqual({ label: 'Game Boy Advance', parentLabel: 'Spel › Nintendo' });
    // A parent name that means one category keeps the parent alone.
    expect((await tagsFor('nintendo', 'sv')).map(label)).toContainEqual({ label: 'Nintendo', parentLabel: 'Spel' });
  });

  it('translates SKU names for the language switch, leaving out unknown names and refusing bad input', async () => {
    const query = 'query ($n: [String!]!, $to: String!, $l: String) { skuNameTranslations(names: $n, toLanguageId: $to, languageId: $l) { name translation } }';
    type Answer = { skuNameTranslations: { name: string; translation: string }[] };
    const toEnglish = await gql<Answer>(app, query, { n: ['Komplett i kartong', 'Begagnad', 'Finns inte'], to: 'en', l: 'sv' });
    expect(toEnglish.body.data!.skuNameTranslations).toEqual([
      { name: 'Komplett i kartong', translation: 'Complete in box' },
      { name: 'Begagnad', translation: 'Pre-owned' },
    ]);
    const toSwedish = await gql<Answer>(app, query, { n: ['Complete in box'], to: 'sv', l: 'en' });
    expect(toSwedish.body.data!.skuNameTranslations).toEqual([{ name: 'Complete in box', translation: 'Komplett i kartong' }]);
    for (const variables of [{ n: ['Begagnad'], to: 'de' }, { n: Array.from({ length: 101 }, (_, i) => `x${i}`), to: 'en' }]) {
      const refused = await gql(app, query, variables);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('answers a product by alias with SKUs, stock, prices, alternates and related products', async () => {
    const [row] = await db.query<{ alias: string }>(
      `SELECT pt.alias FROM product_translations pt JOIN products p ON p.product_id = pt.product_id
       WHERE pt.language_id = 'sv' AND p.images IS NOT NULL ORDER BY p.product_id LIMIT 1`,
    );
    const { body } = await gql<{ product: { name: string; canonicalUrl: string; skus: { name: string; stock: { status: string }; price: { sellingPriceIncVatFormatted: string } }[]; alternates: { languageId: string; canonicalUrl: string }[]; relatedProducts: unknown[]; images: string[] } }>(
      app,
      `query ($a: String!) { product(alias: $a) { ${card} description specification extraInformation vatRate
         primaryCategory { name canonicalUrl } parameters { name value }
         skus { skuId articleNumber name stock { status totalStock } price { sellingPriceIncVatFormatted } }
         discountCampaigns { name } alternates { languageId canonicalUrl } relatedProducts(limit: 4) { name } } }`,
      { a: row!.alias },
    );
    const product = body.data!.product;
    expect(product.canonicalUrl).toBe(`/p/${row!.alias}`);
    expect(product.skus.length).toBeGreaterThan(0);
    expect(product.skus[0]!.price.sellingPriceIncVatFormatted).toMatch(/kr$/);
    expect(product.alternates.map((a) => a.languageId).sort()).toEqual(['en', 'sv']);
    expect(product.alternates.find((a) => a.languageId === 'en')!.canonicalUrl).toMatch(/^\/en\/p\//);
    expect(product.relatedProducts.length).toBeGreaterThan(0);
    const image = await app.fastify.inject({ url: `/images/${product.images[0]}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect((await app.fastify.inject({ url: '/images/p999999-1.svg' })).statusCode).toBe(404);
    const missing = await gql(app, '{ product(alias: "no-such-product") { name } }');
    expect(missing.body.data).toEqual({ product: null });
  });

  it("answers an empty cart with id '' (no id handed out) for an unknown id", async () => {
    const { body } = await gql<{ getCart: { id: string; items: unknown[]; summary: { total: { sellingPriceIncVat: number } } } }>(
      app,
      '{ getCart(id: "unknown-cart-id-123", channelId: "1|se") { id promoCode items { skuId } summary { total { sellingPriceIncVat sellingPriceIncVatFormatted } shipping { feeIncVat amountLeftToFreeShipping } } } }',
    );
    expect(body.data!.getCart.items).toEqual([]);
    expect(body.data!.getCart.id).toBe('');
    expect(body.data!.getCart.summary.total.sellingPriceIncVat).toBe(0);
  });

  it('refuses over-deep queries and bad input in GraphQL error form', async () => {
    const deep = await gql(app, '{ products { products { relatedProducts { relatedProducts { relatedProducts { relatedProducts { relatedProducts { relatedProducts { name } } } } } } } } }');
    expect(deep.body.errors?.[0]?.message).toMatch(/depth/i);
    const bad = await gql(app, '{ products(filter: { limit: "many" }) { count } }');
    expect(bad.body.data).toBeUndefined();
    expect(bad.body.errors?.[0]?.message).toMatch(/Int cannot represent/);
    const long = await gql(app, 'query ($t: String!) { searchSuggestions(searchText: $t) { count } }', { t: 'x'.repeat(500) });
    expect(long.body.errors?.[0]?.message).toMatch(/longer than/);
  });

  it('refuses a filter that asks for more than any page does, before running any SQL', async () => {
    // 200 parameter filters, one correlated subquery each, held PGlite (and so the whole process) for 18 s.
    const parameters = Array.from({ length: 200 }, (_, i) => ({ name: `p${i}`, values: ['x'] }));
    const tooMany: Record<string, unknown>[] = [
      { parameters },
      { parameters: [{ name: 'Skick', values: Array.from({ length: 51 }, (_, i) => `v${i}`) }] },
      { productIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      { skus: Array.from({ length: 101 }, (_, i) => `s${i}`) },
      { offset: 10_001 },
    ];
    const statements = vi.spyOn(db, 'query');
    try {
      for (const filter of tooMany) {
        const started = Date.now();
        const { body } = await gql(app, 'query ($f: FilterInputType) { products(filter: $f) { count facets { categories { id } } } }', { f: filter });
        expect(body.errors?.[0]?.extensions?.code, Object.keys(filter)[0]).toBe('BAD_USER_INPUT');
        expect(body.errors?.[0]?.message).toMatch(/may (hold|be) at most/);
        expect(Date.now() - started).toBeLessThan(1_000);
      }
      expect(statements).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
    }
    // What the shop's pages send still works: a few parameters, a page deep in the list.
    const { body } = await gql<{ products: { count: number } }>(app, 'query ($f: FilterInputType) { products(filter: $f) { count } }', {
      f: { parameters: parameters.slice(0, 20), offset: 10_000 },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.products.count).toBe(0);
  });

  it('reports health once migrated', async () => {
    const res = await app.fastify.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
