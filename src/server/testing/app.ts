import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client';
import { buildApp, type App, type AppDeps } from '../app';
import { loadEnv } from '../env';
import { uniqueLimitPrefix } from '../limits/address-limits';
import { openTestDb, type TestDbKind } from './db';
import { createAppPubSub, type PubSub } from '../pubsub';

/**
 * The real app on a test database, without built client assets (pages render, scripts are absent) unless given a
 * `clientDir` of its own (a test's few files and manifest). Its limit
 * counters and pub/sub channels are its own unless two apps are given one `limitPrefix` (two instances sharing Redis).
 */
export async function createTestApp(
  db: Db,
  env: Record<string, string> = {},
  options: { limitPrefix?: string } & Pick<AppDeps, 'operationDeadlineMs' | 'logStream' | 'clientDir'> = {},
): Promise<App & { pubsub: PubSub; closePubSub(): Promise<void> }> {
  const config = loadEnv({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...env });
  // Two instances of one test share their limit prefix, and so their channels; other test files hear none of it.
  const limitPrefix = options.limitPrefix ?? uniqueLimitPrefix();
  const { pubsub, listen, close } = createAppPubSub(config.REDIS_URL, limitPrefix);
  const app = await buildApp({
    env: config,
    db,
    pubsub,
    listen,
    limitPrefix,
    operationDeadlineMs: options.operationDeadlineMs,
    logStream: options.logStream,
    clientDir: options.clientDir,
  });
  await app.fastify.ready();
  return { ...app, pubsub, closePubSub: close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Two instances of the app on one database, as two servers behind a load balancer: with REDIS_URL in env they
 * share pub/sub and every limit's counters (one limit prefix). `close` stops both.
 */
export async function createTestAppPair(db: Db, env: Record<string, string>): Promise<{ first: TestApp; second: TestApp; close(): Promise<void> }> {
  const limitPrefix = uniqueLimitPrefix();
  const first = await createTestApp(db, env, { limitPrefix });
  const second = await createTestApp(db, env, { limitPrefix });
  return {
    first,
    second,
    async close() {
      for (const app of [first, second]) {
        await app.stop();
        await app.closePubSub();
      }
    },
  };
}

/** POSTs one GraphQL operation through the whole HTTP stack. */
export async function gql<T = Record<string, unknown>>(app: App, query: string, variables: Record<string, unknown> = {}) {
  const res = await app.fastify.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
  return { status: res.statusCode, body: res.json() as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

/**
 * The usual suite setup: a test database of this kind and the app on it, opened before the suite's tests and
 * closed after them. `use` receives both once they are open.
 */
export function withTestApp(kind: TestDbKind, use: (opened: { db: Db; app: TestApp }) => void): void {
  let opened: { db: Db; app: TestApp } | undefined;
  beforeAll(async () => {
    const db = await openTestDb(kind);
    opened = { db, app: await createTestApp(db) };
    use(opened);
  });
  afterAll(async () => {
    if (!opened) return;
    await opened.app.stop();
    await opened.app.closePubSub();
    await opened.db.close();
  });
}
