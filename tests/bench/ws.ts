/**
 * npm run bench:ws: how long a stock change takes to reach every socket that follows it, and what a socket costs.
 *
 * Starts the built server (SERVER_BUNDLE, default dist/server/main.js) on a temporary DATA_DIR (PGlite), opens N
 * graphql-ws clients (the `graphql-ws` client over `ws`, as many as WS_BENCH_BATCH at a time) that each subscribe to
 * stockChanged for the same WS_BENCH_SKUS SKUs, then sets one of those SKUs' stock through the admin API
 * WS_BENCH_CHANGES times. For every socket and change it takes the time from just before the admin request to the
 * event's arrival in the subscription's handler (the handler only notes the time; everything is computed after),
 * and prints p50/p99/max, delivered/expected, the admin request's own time, the server's RSS (VmRSS of
 * /proc/<pid>/status) before and after the sockets and the CPU both sides spent while events were on their way,
 * which tells which side held the delivery up. A fresh server is started for each count (WS_BENCH_SOCKETS).
 *
 * Then the same through Redis: two server processes on one throwaway PostgreSQL database (PGlite allows one process
 * per data directory) and REDIS_URL, half the sockets on each, the change made on the first. Skipped, with a line
 * saying so, when Redis or PostgreSQL does not answer, or with WS_BENCH_REDIS=0.
 *
 * Settings (environment, or the same name as an argument: `npm run bench:ws -- --sockets 1000`):
 * WS_BENCH_SOCKETS / --sockets (1000,10000), WS_BENCH_CHANGES / --changes (5), WS_BENCH_SKUS / --skus (3),
 * WS_BENCH_BATCH / --batch (250), WS_BENCH_WAIT_MS / --wait-ms (20000: how long one change may take to reach every
 * socket), WS_BENCH_REDIS / --redis (1), REDIS_URL (redis://127.0.0.1:6379), DATABASE_URL (the PostgreSQL server
 * the throwaway database is made on: postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATA_DIR, WS_BENCH_NODE_ARGS
 * (options for the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the fan-out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { openPostgres } from '../../src/server/db/client';
import { createThrowawayDatabase } from '../../src/server/testing/throwaway-database';
import { freePort } from '../support/server';
import { percentile } from './load';
import { stop, waitFor } from './server-process';

function setting(name: string, fallback: string): string {
  const flag = `--${name.replace(/^WS_BENCH_/, '').toLowerCase().replaceAll('_', '-')}`;
  const at = process.argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (at >= 0) return process.argv[at]!.includes('=') ? process.argv[at]!.split('=')[1]! : (process.argv[at + 1] ?? '');
  return process.env[name] || fallback;
}
const positive = (name: string, fallback: number) => {
  const value = Number(setting(name, String(fallback)));
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const socketCounts = setting('WS_BENCH_SOCKETS', '1000,10000')
  .split(',')
  .map((n) => Number(n.trim()));
if (socketCounts.some((n) => !Number.isInteger(n) || n < 2)) throw new Error('WS_BENCH_SOCKETS must be whole numbers of at least 2, comma-separated');
const changes = positive('WS_BENCH_CHANGES', 5);
const skuCount = positive('WS_BENCH_SKUS', 3);
const batch = positive('WS_BENCH_BATCH', 250);
const waitMs = positive('WS_BENCH_WAIT_MS', 20_000);
const withRedis = setting('WS_BENCH_REDIS', '1') !== '0';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const postgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const bundle = process.env.SERVER_BUNDLE ?? 'dist/server/main.js';
/** Node options for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (NODE_OPTIONS may not carry those). */
const nodeArgs = (process.env.WS_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const keepDataDir = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'storefront-bench-ws-'));
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** The issue's goal for one process. */
const GOAL = { sockets: 10_000, p99Ms: 100 };

const SUBSCRIPTION = 'subscription ($s: [Int!]) { stockChanged(skuIds: $s) { skuId productId stock { totalStock status inStock } } }';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

// ---- the server processes ----------------------------------------------------------------------------------

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
}

/** Every process this bench started, so an error or Ctrl-C leaves none behind. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  children.forEach((child) => child.kill('SIGKILL'));
  if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    children.forEach((child) => child.kill('SIGTERM'));
    process.exit(130);
  });
}

async function startServer(name: string, sockets: number, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // Every bench socket comes from 127.0.0.1, so the per-address caps must hold them all (over every instance:
  // with Redis the socket and subscription slots are counted across them).
  const room = String(sockets + 200);
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      MAX_CONNECTIONS: room,
      MAX_CONNECTIONS_PER_ADDRESS: room,
      WS_MAX_SOCKETS_PER_ADDRESS: room,
      WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: room,
      // An upgrade and a subscribe per socket, and the bench's own requests.
      RATE_LIMIT_PER_MINUTE: String(10 * (sockets + 200)),
      LIMITS_KEY_PREFIX: `bench-ws-${process.pid}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  stopping.set(child, () => (children.has(child) ? stop(child) : Promise.resolve()));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child);
  return { name, child, base };
}

/** stop() for a process that may have exited already (stop would wait for an exit that came before). */
const stopping = new WeakMap<ChildProcess, () => Promise<void>>();
const stopServer = (server: Server | undefined) => (server ? stopping.get(server.child)!() : Promise.resolve());

/** VmRSS and VmHWM (peak) of a process, in KiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** User + system CPU time a process has used, in ms (clock ticks of 10 ms: Linux's USER_HZ is 100). */
function cpuMsOf(pid: number): number {
  // The command name, in brackets, may hold spaces: count fields after its closing bracket.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// ---- GraphQL over HTTP -------------------------------------------------------------------------------------

async function graphql<T>(base: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!res.ok || body.errors || !body.data) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

async function adminToken(base: string): Promise<string> {
  const { adminLogin } = await graphql<{ adminLogin: { token: string } }>(
    base,
    'mutation ($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
    admin,
  );
  return adminLogin.token;
}

/** SKUs that count stock (not static), the catalog's bestsellers first. */
async function stockSkus(base: string, count: number): Promise<number[]> {
  const { products } = await graphql<{ products: { products: { skus: { skuId: number; stock: { static: boolean } }[] }[] } }>(
    base,
    '{ products(filter: { sort: BESTSELLERS, limit: 50 }) { products { skus { skuId stock { static } } } } }',
  );
  const skus = products.products.flatMap((p) => p.skus.filter((s) => !s.stock.static).map((s) => s.skuId)).slice(0, count);
  if (skus.length < count) throw new Error(`The catalog has only ${skus.length} SKUs that count stock`);
  return skus;
}

// ---- the sockets -------------------------------------------------------------------------------------------

/**
 * The bench's sockets. Each stock value the bench sets stands for one change (`expect`); the subscription's
 * handler only writes the arrival time of the first event with that value into the change's row.
 */
function createFleet() {
  const clients: Client[] = [];
  const raw: WebSocket[] = [];
  const closedWhileRunning = new Map<number, number>();
  const subscriptionErrors = new Map<string, number>();
  let stopping = false;
  const rows = new Map<number, { arrivals: Float64Array; count: number; done: () => void }>();

  /** ws as graphql-ws constructs it, kept so the bench can cut what does not close. */
  class TrackedWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      raw.push(this);
    }
  }

  const onEvent = (socket: number, value: unknown) => {
    const at = performance.now();
    const stock = (value as { data?: { stockChanged?: { stock?: { totalStock?: number } } } }).data?.stockChanged?.stock?.totalStock;
    const row = stock === undefined ? undefined : rows.get(stock);
    if (!row || !Number.isNaN(row.arrivals[socket])) return;
    row.arrivals[socket] = at;
    if (++row.count === clients.length) row.done();
  };

  const open = (url: string, skuIds: number[]) =>
    new Promise<void>((resolve, reject) => {
      const socket = clients.length;
      const client = createClient({
        url,
        webSocketImpl: TrackedWebSocket,
        lazy: false,
        retryAttempts: 0,
        on: {
          connected: () => resolve(),
          closed: (event) => {
            const code = (event as { code?: number }).code ?? 0;
            if (!stopping) closedWhileRunning.set(code, (closedWhileRunning.get(code) ?? 0) + 1);
            reject(new Error(`socket ${socket} closed with ${code} before it was acknowledged`));
          },
        },
      });
      clients.push(client);
      client.subscribe(
        { query: SUBSCRIPTION, variables: { s: skuIds } },
        {
          next: (value) => onEvent(socket, value),
          error: (error) => {
            const message = Array.isArray(error) ? (error as { message: string }[]).map((e) => e.message).join('; ') : String((error as Error).message ?? error);
            subscriptionErrors.set(message, (subscriptionErrors.get(message) ?? 0) + 1);
          },
          complete: () => undefined,
        },
      );
    });

  return {
    clients,
    closedWhileRunning,
    subscriptionErrors,
    /** Opens `count` sockets on `url`, `batch` at a time, each following `skuIds`. */
    async openMany(url: string, count: number, skuIds: number[]) {
      for (let done = 0; done < count; done += batch) {
        await Promise.all(Array.from({ length: Math.min(batch, count - done) }, () => open(url, skuIds)));
      }
    },
    /** Starts counting arrivals of events carrying this stock value; resolves once every socket has one, or after `timeout`. */
    expect(stock: number, timeout: number) {
      const arrivals = new Float64Array(clients.length).fill(NaN);
      let done: () => void = () => undefined;
      const settled = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeout);
        done = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      rows.set(stock, { arrivals, count: 0, done });
      return { arrivals, settled, count: () => rows.get(stock)!.count };
    },
    async close() {
      stopping = true;
      for (const client of clients) void client.dispose();
      const end = Date.now() + 10_000;
      while (raw.some((ws) => ws.readyState !== WebSocket.CLOSED) && Date.now() < end) await sleep(50);
      for (const ws of raw) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
    },
  };
}

// ---- one measurement ---------------------------------------------------------------------------------------

interface Measured {
  delays: number[];
  delaysBy: number[][];
  delivered: number;
  expected: number;
  adminMs: number;
  windowMs: number;
  clientCpuMs: number;
  serverCpuMs: number;
}

let nextStock = 10_000;

/**
 * Sets a followed SKU's stock through `changeOn` and waits for the event on every socket; `groups` splits the
 * sockets for the report (the first `groups[0]` sockets, then the next `groups[1]`, …).
 */
async function change(fleet: ReturnType<typeof createFleet>, changeOn: Server, token: string, skuId: number, servers: Server[], groups: number[]) {
  const stock = nextStock++;
  const expected = fleet.expect(stock, waitMs);
  const serverCpuBefore = servers.reduce((sum, s) => sum + cpuMsOf(s.child.pid!), 0);
  const clientCpuBefore = process.cpuUsage();
  const sent = performance.now();
  await graphql(changeOn.base, 'mutation ($skuId: Int!, $stock: Int!) { setSkuStock(skuId: $skuId, stock: $stock) { skuId } }', { skuId, stock }, token);
  const answered = performance.now();
  await expected.settled;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpuMs = servers.reduce((sum, s) => sum + cpuMsOf(s.child.pid!), 0) - serverCpuBefore;
  const delays: number[] = [];
  const delaysBy: number[][] = groups.map(() => []);
  let last = sent;
  let group = 0;
  let groupEnd = groups[0]!;
  expected.arrivals.forEach((at, socket) => {
    while (socket >= groupEnd) groupEnd += groups[++group]!;
    if (Number.isNaN(at)) return;
    delays.push(at - sent);
    delaysBy[group]!.push(at - sent);
    last = Math.max(last, at);
  });
  return {
    delays,
    delaysBy,
    delivered: expected.count(),
    expected: fleet.clients.length,
    adminMs: answered - sent,
    windowMs: last - sent,
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
    serverCpuMs,
  };
}

async function measure(servers: Server[], sockets: number): Promise<void> {
  const changeOn = servers[0]!;
  const token = await adminToken(changeOn.base);
  const skus = await stockSkus(changeOn.base, skuCount);
  const memoryBefore = servers.map((s) => memoryOf(s.child.pid!));
  const fleet = createFleet();
  const groups = servers.map((_, i) => Math.floor(sockets / servers.length) + (i < sockets % servers.length ? 1 : 0));
  try {
    const opening = performance.now();
    for (const [i, server] of servers.entries()) await fleet.openMany(`${server.base.replace(/^http/, 'ws')}/graphql`, groups[i]!, skus);
    const openedMs = performance.now() - opening;
    // graphql-ws does not acknowledge a subscribe: a change every socket has heard proves every subscription runs.
    let warm = await change(fleet, changeOn, token, skus[0]!, servers, groups);
    for (let tries = 1; warm.delivered < warm.expected && tries < 5; tries++) warm = await change(fleet, changeOn, token, skus[0]!, servers, groups);
    if (warm.delivered < warm.expected) console.warn(`  only ${warm.delivered} of ${warm.expected} sockets heard the warm-up change`);
    const memoryWith = servers.map((s) => memoryOf(s.child.pid!));

    const runs: Measured[] = [];
    for (let i = 0; i < changes; i++) {
      // A pause between changes, so each measures a fan-out on its own rather than the tail of the last one.
      await sleep(300);
      runs.push(await change(fleet, changeOn, token, skus[i % skus.length]!, servers, groups));
    }
    const memoryAfter = servers.map((s) => memoryOf(s.child.pid!));
    report(servers, sockets, skus.length, openedMs, runs, memoryBefore, memoryWith, memoryAfter, fleet.closedWhileRunning);
    if (fleet.subscriptionErrors.size) console.info(`  subscriptions refused: ${JSON.stringify(Object.fromEntries(fleet.subscriptionErrors))}`);
  } finally {
    await fleet.close();
  }
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`;
}

function report(
  servers: Server[],
  sockets: number,
  skus: number,
  openedMs: number,
  runs: Measured[],
  before: { rss: number; peak: number }[],
  withSockets: { rss: number; peak: number }[],
  after: { rss: number; peak: number }[],
  closed: Map<number, number>,
) {
  const delays = runs.flatMap((r) => r.delays);
  const delivered = runs.reduce((n, r) => n + r.delivered, 0);
  const expected = runs.reduce((n, r) => n + r.expected, 0);
  console.info(`  ${sockets} sockets following ${skus} SKUs, opened in ${(openedMs / 1000).toFixed(1)} s; ${runs.length} changes`);
  console.info(`  delivery (admin request sent → event in the handler): ${summary(delays)}; delivered ${delivered}/${expected}`);
  if (servers.length > 1) {
    servers.forEach((server, i) => console.info(`    sockets on ${server.name}: ${summary(runs.flatMap((r) => r.delaysBy[i]!))}`));
  }
  console.info(`  per change, p99 / last socket: ${runs.map((r) => `${ms(percentile([...r.delays].sort((a, b) => a - b), 99))} / ${ms(r.windowMs)}`).join(', ')}`);
  console.info(`  the admin request's own answer: ${summary(runs.map((r) => r.adminMs))}`);
  servers.forEach((server, i) => {
    const grown = withSockets[i]!.rss - before[i]!.rss;
    const share = Math.floor(sockets / servers.length) + (i < sockets % servers.length ? 1 : 0);
    console.info(
      `  ${server.name} RSS: ${mib(before[i]!.rss)} before the sockets, ${mib(withSockets[i]!.rss)} with them (${(grown / share).toFixed(1)} KiB per socket), ` +
        `${mib(after[i]!.rss)} after the changes, peak ${mib(after[i]!.peak)}`,
    );
  });
  // Both sides share this machine's cores: the side that was busy all along held the delivery up.
  const window = runs.reduce((n, r) => n + r.windowMs, 0);
  const clientShare = runs.reduce((n, r) => n + r.clientCpuMs, 0) / window;
  const serverShare = runs.reduce((n, r) => n + r.serverCpuMs, 0) / window;
  const limit =
    Math.max(clientShare, serverShare) < 0.8
      ? 'neither side was busy all along: the wait was for the machine (see the load average)'
      : clientShare >= serverShare
        ? 'the client (this process) was busy all along: it is the limit, the server delivered faster than it could read'
        : `the server${servers.length > 1 ? 's were' : ' was'} busy all along: the server is the limit`;
  const perChange = (total: number) => ms(total / runs.length);
  console.info(
    `  CPU per change while its events were on their way (${perChange(window)}): server ${perChange(runs.reduce((n, r) => n + r.serverCpuMs, 0))} ` +
      `(${(serverShare * 100).toFixed(0)} % of a core), client ${perChange(runs.reduce((n, r) => n + r.clientCpuMs, 0))} (${(clientShare * 100).toFixed(0)} %): ${limit}`,
  );
  if (closed.size) console.info(`  sockets closed by the server meanwhile, by close code: ${JSON.stringify(Object.fromEntries(closed))}`);
  if (servers.length === 1 && sockets >= GOAL.sockets) {
    const p99 = percentile([...delays].sort((a, b) => a - b), 99);
    console.info(`  goal p99 < ${GOAL.p99Ms} ms at ${GOAL.sockets} sockets on one process: ${p99 < GOAL.p99Ms && delivered === expected ? 'met' : 'missed'}`);
  }
}

// ---- the two parts -----------------------------------------------------------------------------------------

async function oneProcess() {
  console.info(`One process (PGlite in ${dataDir})`);
  // A first start that seeds, so every measured server opens a seeded database (as after a deploy) and its RSS
  // holds nothing of the seeding.
  await stopServer(await startServer('seeding', 0, {}));
  for (const sockets of socketCounts) {
    const server = await startServer('the server', sockets, {});
    try {
      await measure([server], sockets);
    } finally {
      await stopServer(server);
    }
  }
}

/** Whether Redis and PostgreSQL answer; the reason when one does not. */
async function redisAndPostgres(): Promise<string | null> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${redisUrl} does not answer (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  const db = openPostgres(postgresUrl, 1);
  try {
    await Promise.race([db.query('SELECT 1'), sleep(3_000).then(() => Promise.reject(new Error('no answer in 3 s')))]);
  } catch (error) {
    return `PostgreSQL at ${postgresUrl} does not answer (${(error as Error).message})`;
  } finally {
    await db.close().catch(() => undefined);
  }
  return null;
}

async function twoProcesses() {
  const missing = await redisAndPostgres();
  if (missing) {
    console.info(`Two processes through Redis: skipped, ${missing}`);
    return;
  }
  const database = await createThrowawayDatabase(postgresUrl, 'storefront_bench_ws');
  console.info(`Two processes through Redis (${redisUrl}), both on one throwaway PostgreSQL database; the change is made on A`);
  try {
    for (const sockets of socketCounts) {
      const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl };
      // One after the other: the first start migrates and seeds the database.
      const a = await startServer('process A', sockets, env);
      let b: Server | undefined;
      try {
        b = await startServer('process B', sockets, env);
        await measure([a, b], sockets);
      } finally {
        await Promise.all([stopServer(a), stopServer(b)]);
      }
    }
  } finally {
    await database.drop();
  }
}

async function main() {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  console.info(`bench:ws on ${bundle}; load average ${one}, ${five}, ${fifteen}`);
  await oneProcess();
  if (withRedis) await twoProcesses();
  else console.info('Two processes through Redis: skipped (WS_BENCH_REDIS=0)');
  const [oneAfter, fiveAfter, fifteenAfter] = loadavg().map((n) => n.toFixed(2));
  console.info(`load average at the end ${oneAfter}, ${fiveAfter}, ${fifteenAfter}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  });
