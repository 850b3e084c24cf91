import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { freePort } from '../support/server';

/**
 * A shop started with an instrumentation key and its telemetry endpoint pointed at this test's ingestion endpoint on
 * 127.0.0.1 (the run's shared server has no key: telemetry never loads there).
 */
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';

interface Envelope {
  name: string;
  iKey: string;
  tags: Record<string, string>;
  data: { baseType: string; baseData: { name?: string; properties?: Record<string, string>; exceptions?: { message: string }[] } };
}

let shop: ChildProcess;
let ingestion: Server;
let baseURL: string;
let dataDir: string;
let log = '';
const envelopes: Envelope[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingestion = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const batch = JSON.parse(body) as Envelope[];
      envelopes.push(...batch);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ itemsReceived: batch.length, itemsAccepted: batch.length, errors: [] }));
    });
  });
  const ingestionPort = await freePort();
  await new Promise<void>((resolve) => ingestion.listen(ingestionPort, '127.0.0.1', resolve));
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-telemetry-'));
  baseURL = `http://127.0.0.1:${port}`;
  shop = spawn('node', ['dist/server/main.js'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      TELEMETRY_INSTRUMENTATION_KEY: KEY,
      TELEMETRY_ENDPOINT: `http://127.0.0.1:${ingestionPort}/v2/track`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  shop.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.status, { timeout: 150_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  shop?.kill('SIGTERM');
  await new Promise((resolve) => (shop?.exitCode !== null ? resolve(null) : shop.once('exit', resolve)));
  await new Promise((resolve) => ingestion?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the page sends a page view and an error carrying the request id the server logged', async ({ page }) => {
  test.setTimeout(90_000);
  const response = await page.goto(`${baseURL}/allt`);
  const requestId = response!.headers()['x-request-id']!;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  // The server's log line of that page has the same id.
  expect(log).toContain(`"reqId":"${requestId}"`);
  await untilHydrated(page);

  await expect.poll(() => envelopes.find((e) => e.data.baseType === 'PageviewData'), { timeout: 30_000 }).toBeTruthy();
  const view = envelopes.find((e) => e.data.baseType === 'PageviewData')!;
  expect(view.iKey).toBe(KEY);
  expect(view.data.baseData.properties?.requestId).toBe(requestId);

  // An error nothing catches (the error page's own report is tested in Vitest: ErrorPage.test.tsx).
  await page.evaluate(() => void setTimeout(() => {
    throw new Error('Telemetry e2e: uncaught');
  }));

  // Exceptions wait for the 15 s batch.
  await expect.poll(() => envelopes.find((e) => e.data.baseType === 'ExceptionData'), { timeout: 40_000, intervals: [1000] }).toBeTruthy();
  const error = envelopes.find((e) => e.data.baseType === 'ExceptionData')!;
  expect(error.iKey).toBe(KEY);
  expect(error.data.baseData.properties?.requestId).toBe(requestId);
  expect(error.data.baseData.exceptions?.[0]?.message).toContain('Telemetry e2e: uncaught');
});
