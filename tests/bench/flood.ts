/**
 * npm run bench:flood: what other shoppers wait while someone floods the login, against the built server on a fresh
 * DATA_DIR (or DATABASE_URL). Each phase runs BENCH_SECONDS: logins with the right password at 0, 5 and 10 per
 * second (an open loop, each from its own X-Forwarded-For address, so only the per-process hash bound holds them),
 * then BENCH_CONCURRENCY clients sending the heaviest catalog query the limits accept. Meanwhile one shopper
 * loads the home page, a static script and a catalog query one after the other. Prints their p50/p95 per phase
 * beside what the attack got (answered, 503 busy, other).
 *
 * BENCH_SECONDS (10), BENCH_CONCURRENCY (4), BENCH_DATA_DIR (default: a temporary directory, removed after).
 * Aims only at 127.0.0.1 and stops by itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserPasswordHash } from '../../src/server/testing/browser-password';
import { freePort } from '../support/server';
import { percentile } from './load';
import { stop, waitFor } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const keepDataDir = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'storefront-bench-flood-'));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: '',
    LOG_LEVEL: 'error',
    // Every attacker address is its own (X-Forwarded-For from loopback), and no per-address budget stops the
    // flood: what is measured is what the process itself does with the logins that reach it.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
    ACCOUNT_CHANGES_PER_ADDRESS: '1000000',
    LOGINS_PER_ADDRESS: '1000000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
await waitFor(`${base}/healthz`, child);

const password = browserPasswordHash('bench flood password');
const email = `flood-${Date.now()}@example.se`;
let caller = 0;
const nextAddress = () => `10.${(++caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`;
const auth = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify(body) });
if ((await auth('/auth/register', { username: email, password })).status !== 200) throw new Error('could not register the bench account');

const home = await (await fetch(`${base}/`)).text();
const script = /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
if (!script) throw new Error('no script on the home page');
const catalogQuery = '{ products(filter: { sort: BESTSELLERS, limit: 24 }) { count products { productId name alias } } }';
const graphql = (query: string) => fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
const card = 'productId name alias images unitPrice { sellingPriceIncVatFormatted } stock { inStock totalStock }';
const facets = 'facets { categories { id label count } brands { id label count } price { min max } }';
/** The text searches with facets of bench:healthz: among the heaviest queries the limits accept. */
const heavySearch = `{ ${['mario', 'zelda', 'sonic', 'legnd'].map((text, i) => `s${i}: products(filter: { searchText: "${text}", limit: 100 }) { count ${i === 0 ? facets : ''} products { ${card} } }`).join(' ')} }`;

const victims: Record<string, () => Promise<Response>> = {
  'home page': () => fetch(`${base}/`),
  'static JS': () => fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } }),
  catalog: () => graphql(catalogQuery),
};

async function phase(name: string, attack: (until: number) => Promise<Record<string, number>>) {
  const until = Date.now() + seconds * 1000;
  const timings: Record<string, number[]> = Object.fromEntries(Object.keys(victims).map((victim) => [victim, []]));
  const shopper = (async () => {
    while (Date.now() < until) {
      for (const [victim, load] of Object.entries(victims)) {
        const started = performance.now();
        await (await load()).arrayBuffer();
        timings[victim]!.push(performance.now() - started);
      }
    }
  })();
  const [outcomes] = await Promise.all([attack(until), shopper]);
  const line = Object.entries(timings)
    .map(([victim, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return `${victim} p50 ${percentile(sorted, 50).toFixed(0)} / p95 ${percentile(sorted, 95).toFixed(0)} ms`;
    })
    .join(' · ');
  const attackLine = Object.entries(outcomes).map(([outcome, count]) => `${outcome} ${count}`).join(', ');
  console.info(`${name.padEnd(22)} ${line}${attackLine ? `   [attack: ${attackLine}]` : ''}`);
}

/** Fires logins at `perSecond`, whatever happened to the earlier ones (an attacker does not wait). */
const loginFlood = (perSecond: number) => async (until: number) => {
  const outcomes: Record<string, number> = {};
  const sent: Promise<void>[] = [];
  while (perSecond > 0 && Date.now() < until) {
    sent.push(
      auth('/auth/login', { username: email, password }).then(
        (res) => {
          const outcome = res.status === 200 ? 'logged in' : res.status === 503 ? '503 busy' : String(res.status);
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        },
        () => {
          outcomes.failed = (outcomes.failed ?? 0) + 1;
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
  }
  await Promise.all(sent);
  return outcomes;
};

const catalogFlood = async (until: number) => {
  const outcomes: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const body = (await (await graphql(heavySearch)).json()) as { errors?: unknown[] };
        const outcome = body.errors ? 'refused' : 'answered';
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }),
  );
  return outcomes;
};

try {
  console.info(`load average before: ${loadavg().map((value) => value.toFixed(1)).join(' ')}; ${seconds} s a phase`);
  for (const rate of [0, 5, 10]) await phase(`${rate} logins/s`, loginFlood(rate));
  await phase(`heavy search ×${concurrency}`, catalogFlood);
  console.info(`load average after: ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
} finally {
  await stop(child);
  if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
}
