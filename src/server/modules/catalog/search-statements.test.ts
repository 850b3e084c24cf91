import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, gql, type TestApp } from '../../testing/app';
import { countingDb } from '../../testing/counting-db';
import { openTestDb, testDbKinds } from '../../testing/db';

/*
 * What a search's page costs the database: its count and its ranked page come in one statement when the products
 * whose name matches fill the page, and in two when the other hits are needed (product-list-sql.ts, namesPageSql
 * and textPageSql). Each reads the search table; the products' own fields (brand, stock) come from loaders.
 */
describe.each(testDbKinds())('statements per search on %s', (kind) => {
  let db: Db;
  let counted: ReturnType<typeof countingDb>;
  let app: TestApp;
  beforeAll(async () => {
    db = await openTestDb(kind);
    counted = countingDb(db);
    app = await createTestApp(counted.db);
    await app.settled();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  /** The statements one search reads the search table with, its plan already known (a minute's cache). */
  const searchStatements = async (searchText: string, limit: number) => {
    const query = `query ($f: FilterInputType) { products(filter: $f, languageId: "sv") { count products { name } } }`;
    const variables = { f: { searchText, sort: 'RELEVANCE', limit } };
    await gql(app, query, variables);
    counted.statements.length = 0;
    const { body } = await gql<{ products: { count: number; products: { name: string }[] } }>(app, query, variables);
    expect(body.errors).toBeUndefined();
    return { found: body.data!.products, statements: counted.statements.filter((s) => /product_search/.test(s)) };
  };

  it('reads the count and a page the names fill in one statement', async () => {
    const { found, statements } = await searchStatements('zelda', 3);
    expect(found.products[0]?.name).toMatch(/Zelda/);
    expect(found.count).toBeGreaterThan(3);
    expect(statements).toHaveLength(1);
  });

  it('reads the other hits in a second statement only when the names do not fill the page', async () => {
    // 'game' is in a few Swedish names and in every game's English category name.
    const { found, statements } = await searchStatements('game', 60);
    expect(found.products).toHaveLength(60);
    expect(statements).toHaveLength(2);
  });
});
