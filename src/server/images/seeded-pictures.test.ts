import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { seedCatalog } from '../db/seed';
import { createTestApp, type TestApp } from '../testing/app';
import { openTestDb } from '../testing/db';

/**
 * Every product of both demo catalogs has pictures, and the server draws each of them: no product shows the
 * "picture missing" placeholder in a list, the search or the cart.
 */
describe.each(['games', 'candy'] as const)('the %s catalog\'s pictures', (variant) => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openTestDb('pglite', variant === 'games' ? 'games' : 'empty');
    if (variant === 'candy') await seedCatalog(db, { variant });
    app = await createTestApp(db);
  }, 120_000);
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('gives every product at least one picture, and the server serves each as a small SVG', async () => {
    const products = await db.query<{ product_id: number; images: string[] | null }>('SELECT product_id, images FROM products ORDER BY product_id');
    expect(products.length).toBeGreaterThan(600);
    expect(products.filter((p) => !p.images?.length).map((p) => p.product_id)).toEqual([]);
    const kinds = new Set<string>();
    let largest = 0;
    for (const { images } of products) {
      for (const file of images!) {
        const res = await app.fastify.inject({ method: 'GET', url: `/images/${file}` });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type'], file).toMatch(/^image\/svg\+xml/);
        expect(res.body, file).toMatch(/^<svg [^>]*viewBox="0 0 248 248"[^>]*>.*<\/svg>$/s);
        kinds.add(/data-kind="([^"]+)"/.exec(res.body)![1]!);
        largest = Math.max(largest, res.rawPayload.byteLength);
      }
    }
    expect(largest).toBeLessThan(3072);
    expect([...kinds].sort()).toEqual(
      variant === 'games'
        ? ['adapter', 'boxed', 'cable', 'cartridge', 'console', 'controller', 'disc', 'handheld', 'memory-card']
        : ['bag', 'bar', 'basket', 'box', 'jar', 'lollipop', 'tin'],
    );
  }, 120_000);
});
