import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, gql, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { SEARCH_COUNT_CAP } from './catalog-store';

/*
 * A search counts its hits up to a threshold ("1 000+", as big shops show it): past it the count says "more than"
 * (countExact false), and paging on past the threshold still finds every hit in order. The demo catalog has 640
 * products, so this file copies each product twice (new ids and aliases, the same texts) to pass the threshold.
 */
describe.each(testDbKinds())('a search past %s count threshold', (kind) => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    for (const copy of [1, 2]) {
      await db.query(
        `INSERT INTO products SELECT (jsonb_populate_record(NULL::products, to_jsonb(p) || jsonb_build_object('product_id', p.product_id + $1::int))).* FROM products p WHERE p.product_id < 100000`,
        [copy * 100_000],
      );
      await db.query(
        `INSERT INTO product_translations SELECT (jsonb_populate_record(NULL::product_translations, to_jsonb(t) || jsonb_build_object('product_id', t.product_id + $1::int, 'alias', t.alias || '-' || $1::text))).* FROM product_translations t WHERE t.product_id < 100000`,
        [copy * 100_000],
      );
    }
    app = await createTestApp(db);
    await app.settled();
  }, 120_000);
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const search = async (searchText: string, offset: number, limit: number) => {
    const { body } = await gql<{ products: { count: number; countExact: boolean; products: { productId: number }[] } }>(
      app,
      `query ($f: FilterInputType) { products(filter: $f, languageId: "sv") { count countExact products { productId } } }`,
      { f: { searchText, sort: 'RELEVANCE', offset, limit } },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.products;
  };

  it('says "more than the threshold" for a common word, and an exact count below it', async () => {
    // Every product's Swedish text holds a word starting with 's' ('spel', 'skick', …); 'zelda' only a few.
    const common = await search('s', 0, 24);
    expect(common).toMatchObject({ count: SEARCH_COUNT_CAP, countExact: false });
    expect(common.products).toHaveLength(24);
    const rare = await search('zelda', 0, 24);
    expect(rare.countExact).toBe(true);
    expect(rare.count).toBeGreaterThan(0);
    expect(rare.count).toBeLessThan(SEARCH_COUNT_CAP);
  });

  it('pages on past the threshold without repeating or skipping a hit, counting as far as the page reaches', async () => {
    const before = await search('s', SEARCH_COUNT_CAP - 24, 24);
    const past = await search('s', SEARCH_COUNT_CAP, 48);
    expect(before.products).toHaveLength(24);
    expect(past.products).toHaveLength(48);
    expect(past.count).toBeGreaterThanOrEqual(SEARCH_COUNT_CAP + 48);
    const all = await search('s', SEARCH_COUNT_CAP - 24, 72);
    expect(all.products.map((p) => p.productId)).toEqual([...before.products, ...past.products].map((p) => p.productId));
  });

  it('shows a page the same count whatever was asked before it, and other sorts their exact count', async () => {
    await search('s', SEARCH_COUNT_CAP + 200, 24);
    expect(await search('s', 0, 24)).toMatchObject({ count: SEARCH_COUNT_CAP, countExact: false });
    const { body } = await gql<{ products: { count: number; countExact: boolean } }>(
      app,
      `query ($f: FilterInputType) { products(filter: $f, languageId: "sv") { count countExact } }`,
      { f: { searchText: 's', sort: 'LOWEST_PRICE', offset: 1500, limit: 24 } },
    );
    expect(body.data?.products.countExact).toBe(true);
    expect(body.data?.products.count).toBeGreaterThan(1500);
  });

  it('keeps the threshold in the search suggestions too', async () => {
    const { body } = await gql<{ searchSuggestions: { count: number; countExact: boolean } }>(
      app,
      `{ searchSuggestions(searchText: "s", languageId: "sv") { count countExact } }`,
    );
    expect(body.data?.searchSuggestions).toEqual({ count: SEARCH_COUNT_CAP, countExact: false });
  });
});
