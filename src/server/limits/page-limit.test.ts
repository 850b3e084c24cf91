import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp } from '../testing/app';
import { openTestDb, testDbKinds } from '../testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe.each(testDbKinds())('page render limit on %s', (kind) => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = await openTestDb(kind);
    app = await createTestApp(db, { PAGE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const get = (url: string, remoteAddress: string) => app.fastify.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });

  it('answers a short 429 page once an address has rendered its budget, and renders for others', async () => {
    for (const url of ['/', '/en', '/s/mario']) expect((await get(url, '10.20.0.1')).statusCode).not.toBe(429);
    const refused = await get('/s/mario', '10.20.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('<html lang="sv">');
    expect(refused.body).toContain('För många förfrågningar');
    expect(refused.body.length).toBeLessThan(400);
    for (const url of ['/en/about', '/en?q=mario']) {
      const english = (await get(url, '10.20.0.1')).body;
      expect(english, url).toContain('<html lang="en">');
      expect(english, url).toContain('<h1>Too many requests</h1><p>Please wait a while and try again.</p>');
    }
    expect((await get('/', '10.20.0.2')).statusCode).toBe(200);
  });

  it('does not count /healthz, /images or GraphQL against the page budget', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await get('/healthz', '10.20.1.1')).statusCode).toBe(200);
      expect((await get('/images/none.svg', '10.20.1.1')).statusCode).not.toBe(429);
      const res = await app.fastify.inject({ method: 'POST', url: '/graphql', remoteAddress: '10.20.1.1', payload: { query: '{ shop { variant } }' } });
      expect(res.statusCode).toBe(200);
    }
    expect((await get('/', '10.20.1.1')).statusCode).toBe(200);
  });

  it('counts mail previews against the page budget, in both languages', async () => {
    for (const url of ['/mail/orderconfirmed', '/en/mail/ordershipped', '/mail/ordershipped']) expect((await get(url, '10.20.2.1')).statusCode).toBe(200);
    const refused = await get('/en/mail/orderconfirmed', '10.20.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many requests');
    expect((await get('/', '10.20.2.1')).statusCode).toBe(429);
  });
});
