import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { uniqueLimitPrefix } from '../limits/address-limits';
import { createTestApp, createTestAppPair } from '../testing/app';
import { openSocket as openRawSocket, type GraphQLSocket, type Message } from '../testing/graphql-socket';
import { openWritableTestDb, testDbKinds } from '../testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** A raw socket whose upgrade carries these headers (testing/graphql-socket.ts). */
const openSocket = (baseUrl: string, headers: Record<string, string> = {}) => openRawSocket(baseUrl, { headers });
type Socket = GraphQLSocket;

const STOCK_SUBSCRIPTION = 'subscription { stockChanged(skuIds: [1]) { skuId } }';

/** Sends one operation and resolves with the first answer for it: its first result, or its errors. */
async function operation(socket: Socket, id: string, query: string, variables: Record<string, unknown> = {}): Promise<Message> {
  socket.send({ id, type: 'subscribe', payload: { query, variables } });
  return socket.next((m) => m.id === id && (m.type === 'error' || m.type === 'next'));
}

const errorCodes = (message: Message) => (message.payload as { extensions?: { code?: string } }[]).map((e) => e.extensions?.code);

/** Every test below speaks as its own client address through a trusted proxy, so each starts with full budgets. */
const as = (address: string) => ({ 'x-forwarded-for': address });

describe.each(testDbKinds())('WebSocket limits on %s', (kind) => {
  let db: Db;
  let app: App;
  let baseUrl: string;
  const env = {
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '6',
  };
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, env);
    baseUrl = await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const httpQuery = (address: string) =>
    app.fastify.inject({ method: 'POST', url: '/graphql', headers: as(address), payload: { query: '{ shop { variant } }' } });

  it('refuses socket operations, and new sockets, once the address spent its budget over HTTP', async () => {
    const socket = await openSocket(baseUrl, as('198.51.100.1')); // the upgrade draws 1 of 6
    for (let i = 0; i < 5; i++) expect((await httpQuery('198.51.100.1')).statusCode).toBe(200);
    expect((await httpQuery('198.51.100.1')).statusCode).toBe(429);
    expect(errorCodes(await operation(socket, 'a', STOCK_SUBSCRIPTION))).toEqual(['RATE_LIMITED']);
    await expect(openSocket(baseUrl, as('198.51.100.1'))).rejects.toThrow('upgrade refused: 429');
    // Another address is not held up.
    const other = await openSocket(baseUrl, as('198.51.100.2'));
    socket.ws.close();
    other.ws.close();
  });

  it('refuses HTTP once the address spent its budget over the socket', async () => {
    const socket = await openSocket(baseUrl, as('198.51.100.3'));
    for (let i = 0; i < 5; i++) {
      const id = `s${i}`;
      socket.send({ id, type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
      socket.send({ id, type: 'complete' });
    }
    expect(errorCodes(await operation(socket, 'over', STOCK_SUBSCRIPTION))).toEqual(['RATE_LIMITED']);
    const refused = await httpQuery('198.51.100.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many requests' });
    socket.ws.close();
  });

  it('refuses mutations and queries over the socket with a clear error, and runs none of them', async () => {
    const socket = await openSocket(baseUrl, as('198.51.100.4'));
    const mutation = await operation(socket, 'm', 'mutation { addToCart(id: "", item: { skuId: 1, quantity: 1 }) { id } }');
    expect(mutation.type).toBe('error');
    expect(mutation.payload).toEqual([
      expect.objectContaining({ message: expect.stringContaining('send mutations as HTTP POST /graphql'), extensions: { code: 'OPERATION_NOT_ALLOWED' } }),
    ]);
    const query = await operation(socket, 'q', '{ shop { variant } }');
    expect(errorCodes(query)).toEqual(['OPERATION_NOT_ALLOWED']);
    socket.ws.close();
  });

  it('closes a socket sending a message over 1 MiB, stores nothing of it, and logs one line instead of a stack', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(app.fastify.log, 'warn');
    const count = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM carts'))[0]!.n);
    const before = await count();
    const socket = await openSocket(baseUrl, as('198.51.100.5'));
    const padding = 'x'.repeat(1024 * 1024);
    socket.send({
      id: 'big',
      type: 'subscribe',
      payload: { query: 'mutation ($id: String!) { addToCart(id: $id, item: { skuId: 1, quantity: 1 }) { id } }', variables: { id: '', padding } },
    });
    expect(await socket.closed).toBe(1009);
    expect(await count()).toBe(before);
    expect(consoleError).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ address: '198.51.100.5' }), expect.stringContaining('Max payload size exceeded'));
    consoleError.mockRestore();
    warn.mockRestore();
  });

  it("refuses an upgrade from another site's page, and allows the shop's own and clients without Origin", async () => {
    const host = new URL(baseUrl).host;
    await expect(openSocket(baseUrl, { ...as('198.51.100.6'), origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    (await openSocket(baseUrl, { ...as('198.51.100.6'), origin: `http://${host}` })).ws.close();
    (await openSocket(baseUrl, as('198.51.100.6'))).ws.close();
  });

});

describe.each(testDbKinds())('WebSocket socket and subscription caps on %s', (kind) => {
  let db: Db;
  let app: App;
  let baseUrl: string;
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, { TRUST_PROXY: '127.0.0.1', WS_MAX_SOCKETS_PER_ADDRESS: '2', WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: '2' });
    baseUrl = await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('caps sockets per address, and gives a slot back when a socket closes', async () => {
    const first = await openSocket(baseUrl, as('198.51.100.7'));
    const second = await openSocket(baseUrl, as('198.51.100.7'));
    await expect(openSocket(baseUrl, as('198.51.100.7'))).rejects.toThrow('upgrade refused: 429');
    first.ws.close();
    await first.closed;
    await expect.poll(() => openSocket(baseUrl, as('198.51.100.7')).then((s) => (s.ws.close(), true), () => false)).toBe(true);
    second.ws.close();
  });

  it('caps subscriptions per address across its sockets, and gives a slot back when one completes', async () => {
    const first = await openSocket(baseUrl, as('198.51.100.8'));
    const second = await openSocket(baseUrl, as('198.51.100.8'));
    first.send({ id: 'one', type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
    second.send({ id: 'two', type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
    // The third is refused while both run, on either socket.
    expect(errorCodes(await operation(second, 'three', STOCK_SUBSCRIPTION))).toEqual(['RATE_LIMITED']);
    expect(errorCodes(await operation(first, 'three', STOCK_SUBSCRIPTION))).toEqual(['RATE_LIMITED']);
    // Completing one frees its slot: a new subscription runs (no answer until an event) where one was refused.
    first.send({ id: 'one', type: 'complete' });
    let attempt = 0;
    await expect.poll(async () => {
      const id = `again${attempt++}`;
      second.send({ id, type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
      const refused = await Promise.race([second.next((m) => m.id === id && m.type === 'error'), new Promise((r) => setTimeout(() => r(null), 100))]);
      return refused === null;
    }).toBe(true);
    // Closing a socket frees the slots of its subscriptions.
    second.ws.close();
    await second.closed;
    const third = await openSocket(baseUrl, as('198.51.100.8'));
    await expect.poll(async () => {
      const id = `after${attempt++}`;
      third.send({ id, type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
      const refused = await Promise.race([third.next((m) => m.id === id && m.type === 'error'), new Promise((r) => setTimeout(() => r(null), 100))]);
      return refused === null;
    }).toBe(true);
    first.ws.close();
    third.ws.close();
  });
});

describe.each(testDbKinds())('WebSocket Origin with PUBLIC_URL on %s', (kind) => {
  let db: Db;
  let app: App;
  let baseUrl: string;
  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    app = await createTestApp(db, { PUBLIC_URL: 'https://shop.example', ALLOW_DEMO: 'true' });
    baseUrl = await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('allows only the public origin', async () => {
    const host = new URL(baseUrl).host;
    await expect(openSocket(baseUrl, { origin: `http://${host}` })).rejects.toThrow('upgrade refused: 403');
    (await openSocket(baseUrl, { origin: 'https://shop.example' })).ws.close();
  });
});

describe.runIf(process.env.REDIS_URL)('one GraphQL budget across two instances sharing Redis', () => {
  let db: Db;
  let apps: Awaited<ReturnType<typeof createTestAppPair>>;
  let first: App;
  let secondUrl: string;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    apps = await createTestAppPair(db, { REDIS_URL: process.env.REDIS_URL!, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '4', WS_MAX_SOCKETS_PER_ADDRESS: '1' });
    first = apps.first;
    await first.start();
    secondUrl = await apps.second.start();
  });
  afterAll(async () => {
    await apps.close();
    await db.close();
  });

  it('refuses socket operations on one instance after HTTP on the other spent the budget, and caps sockets across both', async () => {
    const socket = await openSocket(secondUrl, as('203.0.113.9'));
    await expect(openSocket(secondUrl, as('203.0.113.9'))).rejects.toThrow('upgrade refused: 429');
    // Two upgrades drew 2 of 4 on the second instance; the first has 2 left to give.
    const post = () => first.fastify.inject({ method: 'POST', url: '/graphql', headers: as('203.0.113.9'), payload: { query: '{ shop { variant } }' } });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(429);
    expect(errorCodes(await operation(socket, 'a', STOCK_SUBSCRIPTION))).toEqual(['RATE_LIMITED']);
    socket.ws.close();
  });
});

describe.runIf(process.env.REDIS_URL)('socket and subscription slots on shutdown, in Redis', () => {
  it('gives back the slots of sockets still open when an instance stops', async () => {
    const db = await openWritableTestDb('pglite');
    const env = { REDIS_URL: process.env.REDIS_URL!, TRUST_PROXY: '127.0.0.1', WS_MAX_SOCKETS_PER_ADDRESS: '1', WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: '1' };
    const limitPrefix = uniqueLimitPrefix();
    const stopping = await createTestApp(db, env, { limitPrefix });
    const socket = await openSocket(await stopping.start(), as('203.0.113.10'));
    socket.send({ id: 'held', type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
    // The subscription holds its slot once a second one is refused.
    expect(errorCodes(await operation(socket, 'probe', STOCK_SUBSCRIPTION))).toEqual(['RATE_LIMITED']);
    await stopping.stop();
    await stopping.closePubSub();

    const next = await createTestApp(db, env, { limitPrefix });
    try {
      const again = await openSocket(await next.start(), as('203.0.113.10'));
      again.send({ id: 'one', type: 'subscribe', payload: { query: STOCK_SUBSCRIPTION } });
      // Refused at once if the slot leaked; a running subscription answers nothing until an event.
      const refused = await Promise.race([again.next((m) => m.id === 'one' && m.type === 'error'), operation(again, 'two', STOCK_SUBSCRIPTION)]);
      expect(refused.id).toBe('two');
      again.ws.close();
    } finally {
      await next.stop();
      await next.closePubSub();
      await db.close();
    }
  });
});
