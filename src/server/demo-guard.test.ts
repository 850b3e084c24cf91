import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { registerPaymentProvider } from './modules/checkout/payment';
import { testPaymentProvider } from './modules/checkout/payment/test-provider';
import { createTestApp } from './testing/app';
import { openTestDb } from './testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

// A provider that takes real money, as a deployment would configure (only its name and flag matter here).
registerPaymentProvider({ ...testPaymentProvider, name: 'real-money', demo: false });

const DEPLOYED = { PUBLIC_URL: 'https://shop.example' };
const NOTICE_SV = 'Demobutik: inga riktiga köp. Betalningen är på låtsas och inget skickas.';
const NOTICE_EN = 'Demo shop: no real purchases. Payment is pretend and nothing is shipped.';

describe('a deployment never runs as a demo by accident', () => {
  let seeded: Db;
  let empty: Db;
  const started: App[] = [];
  beforeAll(async () => {
    [seeded, empty] = await Promise.all([openTestDb('pglite'), openTestDb('pglite', 'empty')]);
  });
  afterAll(async () => {
    for (const app of started) {
      await app.stop();
      await app.closePubSub();
    }
    await Promise.all([seeded.close(), empty.close()]);
  });
  const start = async (db: Db, env: Record<string, string>) => {
    const app = await createTestApp(db, env);
    started.push(app);
    return app;
  };
  const page = async (app: App, url: string) => (await app.fastify.inject({ url, headers: { accept: 'text/html' } })).body;

  it('refuses an https PUBLIC_URL with the test payment provider, naming what to change', async () => {
    await expect(createTestApp(empty, DEPLOYED)).rejects.toThrow(/Refusing to start: PAYMENT_PROVIDER=test takes no real money.*ALLOW_DEMO=true/);
  });

  it("refuses an https PUBLIC_URL whose database holds the demo catalog's gift cards, even with a real provider", async () => {
    await expect(createTestApp(seeded, { ...DEPLOYED, PAYMENT_PROVIDER: 'real-money' })).rejects.toThrow(
      /Refusing to start: the database holds the demo gift cards PRESENTKORT100, PRESENTKORT500, PRESENTKORTTEST/,
    );
  });

  it('starts a deployment with a real provider and no demo cards, and shows no demo notice', async () => {
    const app = await start(empty, { ...DEPLOYED, PAYMENT_PROVIDER: 'real-money' });
    expect((await app.fastify.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(await page(app, '/')).not.toContain('demo-notice');
  });

  it('starts a public demo when ALLOW_DEMO says so, and every page says it is a demo shop', async () => {
    const app = await start(seeded, { ...DEPLOYED, ALLOW_DEMO: 'true' });
    for (const url of ['/', '/kassan', '/s/mario', '/finns-inte']) expect(await page(app, url), url).toContain(NOTICE_SV);
    for (const url of ['/en', '/en/checkout']) expect(await page(app, url), url).toContain(NOTICE_EN);
  });

  it('keeps npm start (plain http, no PUBLIC_URL) a working demo that says it is one', async () => {
    const app = await start(seeded, {});
    expect(await page(app, '/')).toContain(NOTICE_SV);
  });
});
