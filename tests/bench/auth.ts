/**
 * npm run bench:auth: customer logins per second on one server process with the chosen password hash parameters
 * (src/server/security/password.ts), through the real server (the production build on a fresh DATA_DIR, or on
 * DATABASE_URL when set). First BENCH_ACCOUNTS accounts register (not timed); then BENCH_LOGINS logins with the
 * right password run, at most BENCH_CONCURRENCY at a time, each from its own address so no guessing limit is
 * involved. Prints logins/s, latency percentiles, and the cost of one hash on its own in this process.
 *
 * BENCH_ACCOUNTS (20), BENCH_LOGINS (200), BENCH_CONCURRENCY (8), BENCH_DATA_DIR (default: a temporary directory,
 * removed after).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from '../../src/server/security/password';
import { freePort } from '../support/server';
import { stop, waitFor } from './server-process';
import { percentile, pool } from './load';
import { browserPasswordHash } from '../../src/server/testing/browser-password';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const accounts = positive('BENCH_ACCOUNTS', 20);
const logins = positive('BENCH_LOGINS', 200);
const concurrency = positive('BENCH_CONCURRENCY', 8);
const keepDataDir = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'storefront-bench-auth-'));
const databaseUrl = process.env.DATABASE_URL || '';

const browserHash = browserPasswordHash;

/** Each caller sends its own X-Forwarded-For (the bench's server trusts loopback as a proxy): many shoppers, not one. */
async function post(base: string, path: string, caller: number, body: unknown): Promise<{ status: number; body: { token?: string; message?: string } }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `127.20.${(caller >> 8) & 255}.${caller & 255}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; message?: string } };
}

async function hashCost(): Promise<{ hashMs: number; verifyMs: number }> {
  const stored = await hashPassword(browserHash('warm-up'));
  const runs = 10;
  let started = performance.now();
  for (let i = 0; i < runs; i++) await hashPassword(browserHash(`p${i}`));
  const hashMs = (performance.now() - started) / runs;
  started = performance.now();
  for (let i = 0; i < runs; i++) await verifyPassword(browserHash('warm-up'), stored);
  return { hashMs, verifyMs: (performance.now() - started) / runs };
}

async function run(base: string): Promise<string> {
  const password = browserHash('bench password');
  const emails = Array.from({ length: accounts }, (_, i) => `bench-${Date.now()}-${i}@example.se`);
  await pool(accounts, concurrency, async (i) => {
    const res = await post(base, '/auth/register', i + 1, { username: emails[i], password });
    if (res.status !== 200) throw new Error(`register ${emails[i]}: ${res.status} ${res.body.message}`);
  });

  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await pool(logins, concurrency, async (i) => {
    const begun = performance.now();
    const res = await post(base, '/auth/login', 1000 + i, { username: emails[i % accounts], password });
    latencies.push(performance.now() - begun);
    if (res.status !== 200 || !res.body.token) {
      if (failures++ === 0) console.warn(`login ${res.status}: ${res.body.message}`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const { hashMs, verifyMs } = await hashCost();
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  return [
    '',
    `customer login: ${logins} logins over ${accounts} accounts, ${concurrency} concurrent, one server process (${engine}, ${availableParallelism()} cores, node ${process.versions.node})`,
    `password hash: scrypt N=2^15 r=8 p=1 (32 MiB per hash); one hash ${hashMs.toFixed(1)} ms, one check ${verifyMs.toFixed(1)} ms in this process`,
    `throughput: ${(logins / seconds).toFixed(1)} logins/s (${seconds.toFixed(2)} s wall)`,
    `latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.at(-1)!.toFixed(1)}`,
    `failed: ${failures}`,
  ].join('\n');
}

async function main() {
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'test',
    TRUST_PROXY: '127.0.0.1',
    // Every login is a hashing request from its own address; the bench measures the hash, not the request budget.
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  console.info(`Starting the server on ${databaseUrl ? 'DATABASE_URL' : `PGlite in ${dataDir}`} (first start migrates and seeds)…`);
  const server = spawn('node', ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, server);
    console.info(await run(`http://127.0.0.1:${port}`));
  } finally {
    await stop(server);
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
