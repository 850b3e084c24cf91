import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { openTestDb } from './testing/db';
import { createTestApp, type TestApp } from './testing/app';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  reqId?: string;
}

/** The app at a log level, and the lines it has written so far. */
async function appLoggingAt(db: Db, level: string): Promise<{ app: TestApp; lines(): LogLine[] }> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const app = await createTestApp(db, { LOG_LEVEL: level }, { logStream: stream });
  return { app, lines: () => text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine) };
}

const requests = [
  { method: 'GET', url: '/om-oss' },
  { method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } },
  { method: 'GET', url: '/finns-inte' },
] as const;
const quiet = ['/healthz', '/images/p1-1.svg', '/sw.js', '/assets/entry-client-x.js', '/favicon.ico', '/en/manifest.webmanifest'];

describe('the access log', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb('pglite');
  });
  afterAll(() => db.close());

  it('gives every request a unique id, in its log lines and its answer’s X-Request-Id, with the trace id the browser sent', async () => {
    const { app, lines } = await appLoggingAt(db, 'info');
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const page = await app.fastify.inject({ method: 'GET', url: '/om-oss' });
      const call = await app.fastify.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      const ids = [page.headers['x-request-id'], call.headers['x-request-id']];
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(ids[0]).not.toBe(ids[1]);
      // The page hands its id to the browser's telemetry.
      expect(page.body).toContain(`"requestId":"${ids[0] as string}"`);
      await expect.poll(() => lines().filter((line) => line.req).length).toBeGreaterThanOrEqual(2);
      const [pageLine, callLine] = lines().filter((line) => line.req);
      expect(pageLine!.reqId).toBe(ids[0]);
      expect(callLine!.reqId).toBe(ids[1]);
      expect((callLine!.req as { traceId?: string }).traceId).toBe(traceId);
    } finally {
      await app.stop();
      await app.closePubSub();
    }
  });

  it('writes one line per request at the default level, with method, URL, status and time, and none for static files and the health check', async () => {
    const { app, lines } = await appLoggingAt(db, 'info');
    try {
      for (const request of requests) await app.fastify.inject(request);
      for (const url of quiet) await app.fastify.inject({ method: 'GET', url });
      await expect.poll(() => lines().filter((line) => line.req).length).toBeGreaterThanOrEqual(requests.length);
      const perRequest = lines().filter((line) => line.req);
      expect(perRequest.map((line) => `${line.req!.method} ${line.req!.url} ${line.res?.statusCode}`)).toEqual([
        'GET /om-oss 200',
        'POST /graphql 200',
        'GET /finns-inte 404',
      ]);
      for (const line of perRequest) {
        expect(line.msg).toBe('request completed');
        expect(line.responseTime).toEqual(expect.any(Number));
      }
      expect(lines().some((line) => line.msg === 'incoming request')).toBe(false);
    } finally {
      await app.stop();
      await app.closePubSub();
    }
  });

  it('still shows arrivals and static files at debug', async () => {
    const { app, lines } = await appLoggingAt(db, 'debug');
    try {
      await app.fastify.inject({ method: 'GET', url: '/healthz' });
      await expect.poll(() => lines().filter((line) => line.req?.url === '/healthz').map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.stop();
      await app.closePubSub();
    }
  });
});
