import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { createTestApp } from './testing/app';
import { openTestDb } from './testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

const QUERY = { query: '{ shop { variant } }' };

describe('other origins cannot read answers or be connected to', () => {
  let db: Db;
  let local: App;
  let deployed: App;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    local = await createTestApp(db);
    deployed = await createTestApp(db, { PUBLIC_URL: 'https://shop.example', ALLOW_DEMO: 'true' });
  });
  afterAll(async () => {
    for (const app of [local, deployed]) {
      await app.stop();
      await app.closePubSub();
    }
    await db.close();
  });

  const post = (app: App, origin: string) => app.fastify.inject({ method: 'POST', url: '/graphql', headers: { origin }, payload: QUERY });
  const preflight = (app: App, origin: string) =>
    app.fastify.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });

  it('gives a foreign origin no CORS grant, with or without credentials', async () => {
    for (const app of [local, deployed]) {
      for (const res of [await post(app, 'https://evil.example'), await preflight(app, 'https://evil.example')]) {
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
    }
  });

  it("lets only PUBLIC_URL's origin read answers with credentials", async () => {
    const res = await post(deployed, 'https://shop.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    // Same-origin pages need no grant: the shop's own client still gets its answer.
    expect((await post(local, 'http://localhost:3000')).json()).toEqual({ data: { shop: { variant: 'games' } } });
  });

  it("lets pages open only the shop's own socket, never any host's", async () => {
    for (const [app, expected] of [
      [local, ["'self'"]],
      [deployed, ["'self'", 'wss://shop.example']],
    ] as const) {
      const csp = String((await app.fastify.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy']);
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
      expect(connect).toEqual(expected);
    }
  });
});
