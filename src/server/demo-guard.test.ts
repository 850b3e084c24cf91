import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { prepareDatabase } from './db/prepare';
import { demoAllowed } from './demo-guard';
import { loadEnv } from './env';
import { cartCalls, createSku } from './modules/cart/cart-test-kit';
import { registerPaymentProvider } from './modules/payment';
import { testPaymentProvider } from './modules/payment/test-provider';
import { checkoutCalls, VALID_PERSON } from './modules/checkout/checkout-test-kit';
import { createTestApp } from './testing/app';
import { openTestDb } from './testing/db';

type App = Awaited<ReturnType<typeof createTestApp>>;

// A provider that takes real money, as a deployment would configure (only its name and flag matter here).
registerPaymentProvider({ ...testPaymentProvider, name: 'real-money', demo: false });

const DEPLOYED = { PUBLIC_URL: 'https://shop.example' };
const REAL = { ...DEPLOYED, PAYMENT_PROVIDER: 'real-money' };
// The element itself: the text alone is also in every page's hydration data (the layout's messages).
const NOTICE_SV = /<aside class="demo-notice">(?:(?!<\/aside>).)*Demobutik: inga riktiga köp\.(?:(?!<\/aside>).)*Betalningen är på låtsas och inget skickas\./;
const NOTICE_EN = /<aside class="demo-notice">(?:(?!<\/aside>).)*Demo shop: no real purchases\.(?:(?!<\/aside>).)*Payment is pretend and nothing is shipped\./;

describe('a deployment never runs as a demo by accident', () => {
  let seeded: Db;
  let fresh: Db;
  const started: App[] = [];
  beforeAll(async () => {
    [seeded, fresh] = await Promise.all([openTestDb('pglite'), openTestDb('pglite', 'empty')]);
  });
  afterAll(async () => {
    for (const app of started) {
      await app.stop();
      await app.closePubSub();
    }
    await Promise.all([seeded.close(), fresh.close()]);
  });
  const start = async (db: Db, env: Record<string, string>) => {
    const app = await createTestApp(db, env);
    started.push(app);
    return app;
  };
  const page = async (app: App, url: string) => (await app.fastify.inject({ url, headers: { accept: 'text/html' } })).body;

  it('refuses an https PUBLIC_URL with the test payment provider, naming what to change', async () => {
    await expect(createTestApp(fresh, DEPLOYED)).rejects.toThrow(/^Refusing to start: PAYMENT_PROVIDER=test takes no real money.*ALLOW_DEMO=true/);
  });

  it("refuses an https PUBLIC_URL whose database holds the demo catalog's spendable gift cards, even with a real provider", async () => {
    await expect(createTestApp(seeded, REAL)).rejects.toThrow(
      /^Refusing to start: the database holds the demo gift cards PRESENTKORT100, PRESENTKORT500, PRESENTKORTTEST, .*UPDATE gift_cards SET balance_minor = 0/,
    );
  });

  it('seeds a fresh deployment without the demo gift cards, so it starts with a real provider and shows no demo notice', async () => {
    expect(demoAllowed(loadEnv(REAL))).toBe(false);
    await prepareDatabase(fresh, 'games', { giftCards: demoAllowed(loadEnv(REAL)) });
    expect(await fresh.query('SELECT code FROM gift_cards')).toEqual([]);
    const app = await start(fresh, REAL);
    expect((await app.fastify.inject({ url: '/healthz' })).statusCode).toBe(200);
    for (const url of ['/', '/en', '/kassan', '/finns-inte']) expect(await page(app, url), url).not.toContain('class="demo-notice"');
  });

  it('refuses a deployment while orders still wait for a payment by the test provider, which the sweeper would settle as paid', async () => {
    const local = await start(fresh, {});
    const sku = await createSku(fresh, { priceMinor: 10_000, stock: 5 });
    const cartId = (await cartCalls(() => local).add('', sku.skuId, 1)).id;
    expect((await checkoutCalls(() => local).place(cartId, VALID_PERSON)).status).toBe('PLACED');
    await expect(createTestApp(fresh, REAL)).rejects.toThrow(/^Refusing to start: orders still wait for a payment by test, which takes no real money/);
    await fresh.query("UPDATE orders SET status = 'CANCELLED', payment_status = 'FAILED' WHERE payment_provider = 'test'");
    await start(fresh, REAL);
  });

  it('starts a public demo when ALLOW_DEMO says so, and every page says it is a demo shop', async () => {
    const app = await start(seeded, { ...DEPLOYED, ALLOW_DEMO: 'true' });
    for (const url of ['/', '/kassan', '/s/mario', '/finns-inte']) expect(await page(app, url), url).toMatch(NOTICE_SV);
    for (const url of ['/en', '/en/checkout']) expect(await page(app, url), url).toMatch(NOTICE_EN);
  });

  it('keeps npm start (plain http, no PUBLIC_URL) a working demo that says it is one', async () => {
    const app = await start(seeded, {});
    expect(await page(app, '/')).toMatch(NOTICE_SV);
  });

  it('renders no demo notice once the shopper closed it in this browser session (its session cookie)', async () => {
    const app = await start(seeded, {});
    for (const url of ['/', '/en/checkout']) {
      const closed = await app.fastify.inject({ url, headers: { accept: 'text/html', cookie: 'ralph-demo-notice=closed' } });
      expect(closed.body, url).not.toContain('class="demo-notice"');
      // The boot data says so too, so the browser hydrates the same page.
      expect(closed.body, url).toContain('"demoNoticeClosed":true');
    }
  });
});
