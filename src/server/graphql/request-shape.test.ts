import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../testing/app';
import { openTestDb } from '../testing/db';
import { layoutGetUrl } from '../../shared/catalog-queries';
import { channels } from '../../shared/locales';
import { singleAnswerAccept } from './request-shape';

describe('singleAnswerAccept', () => {
  it('takes the streamed types out and keeps the rest in order', () => {
    expect(singleAnswerAccept('multipart/mixed; deferSpec=20220824, application/json')).toBe('application/json');
    expect(singleAnswerAccept('text/event-stream')).toBe('application/json');
    expect(singleAnswerAccept('multipart/*, text/*')).toBe('application/json');
    expect(singleAnswerAccept('application/graphql-response+json,application/json;q=0.9')).toBe('application/graphql-response+json, application/json;q=0.9');
  });
});

describe('the shape of a GraphQL request over HTTP', () => {
  let db: Db;
  let app: TestApp;
  beforeAll(async () => {
    db = await openTestDb('pglite');
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const layoutUrl = layoutGetUrl(channels.en);
  const param = (name: string) => new URL(layoutUrl, 'http://shop.test').searchParams.get(name) ?? '';

  it.each(['variables', 'extensions', 'operationName', 'query'])('answers a repeated "%s" with 400, not a server error', async (name) => {
    const again = `&${name}=${encodeURIComponent(param(name) || '{ shop { schemaVersion } }')}`;
    // The persisted read names variables, extensions and the operation; a query it does not: given twice here.
    const res = await app.fastify.inject({ method: 'GET', url: `${layoutUrl}${again}${param(name) ? '' : again}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
  });

  it.each(['multipart/mixed', 'text/event-stream', 'multipart/mixed, */*', 'multipart/*', 'text/*', '*/*'])(
    'answers a read asking for "%s" with one JSON document, framed one way',
    async (accept) => {
      const res = await app.fastify.inject({ method: 'GET', url: layoutUrl, headers: { accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
      expect(res.headers['transfer-encoding'] === undefined || res.headers['content-length'] === undefined).toBe(true);
      expect((res.json() as { data: { mainMenu: { menuItems: unknown[] } } }).data.mainMenu.menuItems.length).toBeGreaterThan(0);
    },
  );

  it('answers a POST asking for multipart with JSON too', async () => {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      headers: { accept: 'multipart/mixed', 'content-type': 'application/json' },
      payload: { query: '{ shop { schemaVersion } }' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['transfer-encoding'] === undefined || res.headers['content-length'] === undefined).toBe(true);
    expect(res.json()).toMatchObject({ data: { shop: { schemaVersion: 1 } } });
  });
});
