import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import type { Db } from './db/client';
import { loadEnv } from './env';
import { createAppPubSub } from './pubsub';
import { openTestDb } from './testing/db';

/** A raw HTTP/1.1 client: what it received, and whether the server closed the connection. */
interface RawConnection {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
  isClosed(): boolean;
}

/** `from`: the client's own address; Linux routes all of 127/8 to loopback, so 127.0.0.2 is another client. */
function openConnection(port: number, from = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    let data = '';
    let isClosed = false;
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', () => undefined); // a reset is one of the outcomes the tests look at
    socket.once('connect', () => resolve({ socket, received: () => data, closed, isClosed: () => isClosed }));
    socket.once('error', reject);
  });
}

/** Polls a condition until it holds, failing after `ms` (never a fixed sleep). */
async function until(condition: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function closedWithin(connection: RawConnection, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)));
  const result = await Promise.race([connection.closed.then(() => true as const), timeout]);
  clearTimeout(timer);
  return result;
}

const QUERY = JSON.stringify({ query: '{ __typename }' });
const postHead = (length: number) =>
  `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('connection limits of the real server', () => {
  let db: Db;
  let app: App;
  let port: number;
  const log = new PassThrough();
  let logText = '';
  log.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const closePubSub: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    db = await openTestDb('pglite');
    const env = loadEnv({
      // Debug, so a request's arrival is logged: the cut-off test waits for it before hanging up.
      LOG_LEVEL: 'debug',
      PORT: '0',
      HOST: '127.0.0.1',
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '500',
      KEEP_ALIVE_TIMEOUT_MS: '300',
      MAX_CONNECTIONS: '4',
      // All four from this one address.
      MAX_CONNECTIONS_PER_ADDRESS: '4',
    });
    const { pubsub, listen, close } = createAppPubSub();
    closePubSub.push(close);
    app = await buildApp({ env, db, pubsub, listen, logStream: log });
    await app.start();
    port = (app.fastify.server.address() as { port: number }).port;
  });

  const openOnServer = () =>
    new Promise<number>((resolve, reject) => app.fastify.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  let serverConnections = 0;
  const pollConnections = async (condition: (count: number) => boolean, what: string) => {
    const end = Date.now() + 10_000;
    while (!condition((serverConnections = await openOnServer()))) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what} (${serverConnections} open)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  afterAll(async () => {
    await app?.stop();
    for (const close of closePubSub) await close();
    await db?.close();
  });

  it('answers 408 and closes a request whose body trickles in slower than REQUEST_TIMEOUT_MS, logging no stack trace', async () => {
    const connection = await openConnection(port);
    connection.socket.write(postHead(QUERY.length) + QUERY.slice(0, 5));
    // Fastify's and Node's defaults keep such a request open for minutes; 1 s is configured here.
    expect(await closedWithin(connection, 8_000)).toBe(true);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(logText).not.toMatch(/\\n\s+at /);
  });

  it('closes a connection that sends no complete headers within HEADERS_TIMEOUT_MS', async () => {
    const connection = await openConnection(port);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    expect(await closedWithin(connection, 8_000)).toBe(true);
  });

  it('closes a connection that sends nothing at all within HEADERS_TIMEOUT_MS, not after the 120 s idle timeout', async () => {
    const connection = await openConnection(port);
    expect(await closedWithin(connection, 8_000)).toBe(true);
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const connection = await openConnection(port);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(() => connection.received().includes('"status":"ok"'), 10_000, 'the health answer');
    expect(connection.received()).toMatch(/keep-alive/i);
    // Fastify's default would keep it 72 s.
    expect(await closedWithin(connection, 8_000)).toBe(true);
  });

  it('refuses connections beyond MAX_CONNECTIONS while the open ones still work', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => openConnection(port)));
    try {
      await pollConnections((count) => count === 4, 'the server to count the held connections');
      const refused = await openConnection(port);
      expect(await closedWithin(refused, 5_000)).toBe(true);
      expect(refused.received()).toBe('');
      held[0]!.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await until(() => held[0]!.received().includes('"status":"ok"'), 10_000, 'an answer on a held connection');
      await until(() => logText.includes('MAX_CONNECTIONS=4 reached'), 5_000, 'the warning');
    } finally {
      for (const connection of held) connection.socket.destroy();
      await pollConnections((count) => count === 0, 'the held connections to close');
    }
  });

  it('logs a request cut off by its client as one short line, without a stack trace', async () => {
    const before = logText.length;
    const connection = await openConnection(port);
    connection.socket.write(postHead(QUERY.length) + QUERY.slice(0, 5));
    await until(() => logText.slice(before).includes('"url":"/graphql"'), 10_000, 'the request to reach the server');
    connection.socket.destroy();
    await until(() => logText.slice(before).includes('client error'), 10_000, 'the line about the cut-off request');
    const lines = logText.slice(before).trim().split('\n');
    expect(lines.filter((line) => line.includes('client error'))).toHaveLength(1);
    expect(logText.slice(before)).not.toContain('"stack"');
    expect(logText.slice(before)).not.toContain('"level":50');
  });

  it('keeps secret query parameters out of the access log', async () => {
    const before = logText.length;
    const res = await fetch(`http://127.0.0.1:${port}/checkout/confirm?order=A-1001&token=s3cret-confirm-token&loginToken=s3cret-login`);
    await res.arrayBuffer();
    await until(() => logText.slice(before).includes('request completed'), 10_000, 'the access log line');
    const written = logText.slice(before);
    expect(written).toContain('/checkout/confirm?order=A-1001&token=[redacted]&loginToken=[redacted]');
    expect(written).not.toContain('s3cret');
  });

  it('logs only the path of a GraphQL request sent by GET, whose query and variables may hold secrets', async () => {
    const query = encodeURIComponent('query ($token: String!) { order(orderId: "1", token: $token) { id } } # s3cret-inline');
    const variables = encodeURIComponent(JSON.stringify({ token: 's3cret-order-token' }));
    const mutation = encodeURIComponent('mutation { adminLogin(email: "a@example.com", password: "s3cret-password") { token } }');
    const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { sha256Hash: 's3cret-hash' } }));
    const urls = [
      `/graphql?query=${query}&variables=${variables}`,
      `/graphql?query=${mutation}&extensions=${extensions}`,
      // Not served, but a client may still send its operation there.
      `/en/graphql?query=${query}&variables=${variables}`,
      `/GraphQL/?query=${query}`,
      `/%67raphql?query=${query}`,
    ];
    for (const url of urls) {
      const before = logText.length;
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      await res.arrayBuffer();
      await until(() => logText.slice(before).includes('request completed'), 10_000, `the access log line of ${url}`);
      const written = logText.slice(before);
      expect(written).toContain(`"url":"${url.slice(0, url.indexOf('?'))}?[redacted]"`);
      expect(written).not.toMatch(/s3cret|order\(|adminLogin/);
    }
  });
});

describe('connections per client address, on the real server', () => {
  let db: Db;
  let app: App;
  let port: number;
  let logText = '';
  let closePubSub: () => Promise<void>;
  const HALF_SENT = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n';
  const WHOLE = `${HALF_SENT}\r\n`;

  beforeAll(async () => {
    db = await openTestDb('pglite');
    const log = new PassThrough();
    log.on('data', (chunk: Buffer) => (logText += chunk.toString()));
    const env = loadEnv({
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      MAX_CONNECTIONS: '12',
      MAX_CONNECTIONS_PER_ADDRESS: '4',
      // A proxy in front of the shop: its connections carry many clients.
      TRUST_PROXY: '127.0.0.3',
    });
    const pubsub = createAppPubSub();
    closePubSub = pubsub.close;
    app = await buildApp({ env, db, pubsub: pubsub.pubsub, listen: pubsub.listen, logStream: log });
    await app.start();
    port = (app.fastify.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await app?.stop();
    await closePubSub?.();
    await db?.close();
  });

  /** Opens `count` connections from `from`, each sending a request's head without its end (as a flood does). */
  const halfSent = (count: number, from: string) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const connection = await openConnection(port, from);
        connection.socket.write(HALF_SENT);
        return connection;
      }),
    );
  /** Sends the rest of the request (the end of a half-sent one's head, or all of it) and waits for the answer. */
  const answered = async (connection: RawConnection, rest: string) => {
    connection.socket.write(rest);
    await until(() => connection.received().includes('"status":"ok"'), 10_000, 'the health answer');
  };
  const serverConnections = () =>
    new Promise<number>((resolve, reject) => app.fastify.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  const closeAll = async (connections: RawConnection[]) => {
    for (const connection of connections) connection.socket.destroy();
    await Promise.all(connections.map((connection) => connection.closed));
  };

  it('closes the connections one address opens past its share, so another address is still answered', async () => {
    // More than MAX_CONNECTIONS in all: without a share per address they took every connection.
    const flood = await halfSent(14, '127.0.0.1');
    try {
      // At least those past MAX_CONNECTIONS are closed once the server has taken them all in.
      await until(() => flood.filter((connection) => connection.isClosed()).length >= 2, 10_000, 'the server to take the flood in');
      const other = await openConnection(port, '127.0.0.2');
      await answered(other, WHOLE);
      other.socket.destroy();
      await until(() => flood.filter((connection) => connection.isClosed()).length === 10, 10_000, 'the connections past the share to close');
      expect(flood.filter((connection) => connection.isClosed() && connection.received() === '')).toHaveLength(10);
      await until(() => logText.includes('MAX_CONNECTIONS_PER_ADDRESS=4 reached'), 5_000, 'the warning');
      // The four it holds are still served once their requests are complete.
      const held = flood.filter((connection) => !connection.isClosed());
      expect(held).toHaveLength(4);
      await answered(held[0]!, '\r\n');
    } finally {
      await closeAll(flood);
    }
  });

  it('gives an address its share back as its connections close', async () => {
    await closeAll(await halfSent(4, '127.0.0.1'));
    // The server sees the closes a moment after this side does: until then it may still close a new connection.
    const end = Date.now() + 10_000;
    for (;;) {
      const next = await openConnection(port);
      next.socket.write(WHOLE);
      await until(() => next.isClosed() || next.received().includes('"status":"ok"'), 10_000, 'an answer or a close');
      next.socket.destroy();
      if (next.received().includes('"status":"ok"')) break;
      if (Date.now() > end) throw new Error('the address never got its share back');
    }
  });

  it('does not count the connections of a proxy TRUST_PROXY trusts', async () => {
    const proxied = await halfSent(8, '127.0.0.3');
    try {
      // All eight taken in and kept (one past the share would have been closed as it was taken in).
      const end = Date.now() + 10_000;
      while ((await serverConnections()) < 8) {
        if (Date.now() > end) throw new Error('timed out waiting for the server to take the connections in');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(proxied.filter((connection) => connection.isClosed())).toHaveLength(0);
      await answered(proxied[0]!, '\r\n');
    } finally {
      await closeAll(proxied);
    }
  });
});
