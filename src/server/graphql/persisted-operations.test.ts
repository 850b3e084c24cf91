import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../testing/app';
import { openTestDb, testDbKinds } from '../testing/db';
import { catalogGetUrl, categoryTreeGetUrl, layoutGetUrl } from '../../shared/catalog-queries';
import { channels } from '../../shared/locales';

type Body = { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };

describe.each(testDbKinds())('catalog reads over GET by hash on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openTestDb(kind);
    app = await createTestApp(db, { RATE_LIMIT_PER_MINUTE: '8' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('answers the layout query and the category tree by their hash with the __typename fields Apollo expects, storable by the worker', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: layoutGetUrl(channels.en) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json() as Body & { data: { channel: { __typename: string; languageId: string } } };
    expect(body.errors).toBeUndefined();
    expect(body.data.channel.__typename).toEqual(expect.any(String));
    expect(body.data.channel.languageId).toBe('en');
    const tree = await app.fastify.inject({ method: 'GET', url: categoryTreeGetUrl(channels.en) });
    expect(tree.statusCode).toBe(200);
    const treeBody = tree.json() as Body & { data: { categories: { __typename: string }[] } };
    expect(treeBody.errors).toBeUndefined();
    expect(treeBody.data.categories.length).toBeGreaterThan(0);
    expect(treeBody.data.categories[0]?.__typename).toBe('Category');
  });

  it('refuses a hash not on the list, and lets nothing store that answer', async () => {
    const url = catalogGetUrl('Layout', {}).replace(/sha256Hash%22%3A%22[0-9a-f]+/, `sha256Hash%22%3A%22${'0'.repeat(64)}`);
    const res = await app.fastify.inject({ method: 'GET', url });
    expect(res.body).toContain('PERSISTED_QUERY_NOT_FOUND');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('marks a cart read private and no-store, over GET and POST alike', async () => {
    const query = '{ cart(cartId: "00000000-0000-4000-8000-000000000000") { id } }';
    const get = await app.fastify.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}` });
    expect(get.headers['cache-control']).toBe('private, no-store');
    const post = await app.fastify.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect(post.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a mutation over GET', async () => {
    const mutation = 'mutation { addToCart(input: { skuId: 1, quantity: 1 }) { id } }';
    const res = await app.fastify.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(mutation)}` });
    expect(res.statusCode).toBe(405);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('counts GETs against the same per-address budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await app.fastify.inject({ method: 'GET', url: layoutGetUrl(channels.sv) })).statusCode);
    expect(statuses).toContain(429);
  });
});
