import { expect, test, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { flaky, steady } from '../support/network';
import { cartWith, CUSTOMER_PASSWORD, registerByApi, setStock, type CatalogProduct } from '../support/shop-api';
import { tcpProxy } from '../support/tcp-proxy';
import { test as netTest } from '../support/network-fixture';
import { PHONE_ONLY } from '../support/projects';

/**
 * Live stock, prices and cart (src/client/features/live): one graphql-ws socket per browser, held by the leading
 * tab, whose events reach every tab without a reload.
 */

// Two tabs each, whose live updates load after hydration and the Apollo client: more to wait for than most specs.
test.slow();
/** How long a tab may take to load its live updates and say what it shows (a busy machine's worst seen, with room). */
const LIVE_START = { timeout: 30_000 };

interface SocketRecord {
  page: Page;
  /** What the page sent on it, parsed (graphql-transport-ws messages). */
  sent: { type: string; payload?: { variables?: Record<string, unknown>; query?: string; authorization?: string } }[];
  closed: boolean;
}

/** Every /graphql WebSocket the context's pages open, now and later, with what they sent and whether they closed. */
function watchSockets(context: BrowserContext) {
  const records: SocketRecord[] = [];
  const track = (page: Page) =>
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/graphql') return;
      const record: SocketRecord = { page, sent: [], closed: false };
      records.push(record);
      ws.on('framesent', ({ payload }) => record.sent.push(JSON.parse(String(payload)) as SocketRecord['sent'][number]));
      ws.on('close', () => (record.closed = true));
    });
  context.pages().forEach(track);
  context.on('page', track);
  // A closed page's sockets end with it (Playwright tells no close for them).
  const open = () => records.filter((record) => !record.closed && !record.page.isClosed());
  /** Whether an open socket has asked for the SKU's stock events. */
  const watching = (skuId: number) =>
    open().some((record) =>
      record.sent.some((message) => message.type === 'subscribe' && message.payload?.query?.includes('stockChanged') && (message.payload.variables?.skuIds as number[] | undefined)?.includes(skuId)),
    );
  const inits = () => records.flatMap((record) => record.sent.filter((message) => message.type === 'connection_init'));
  return { records, open, watching, inits };
}

/**
 * A product of one SKU for this test alone (tests run side by side, on two projects, and each sets its stock), in
 * stock with 20 (the admin API): from the dearest end of the catalog, which the specs that buy (from the cheap end)
 * leave alone. Any stock status will do, as long as it is counted (not static) and cannot be oversold.
 */
async function productFor(request: APIRequestContext, testInfo: TestInfo, slot: number): Promise<CatalogProduct & { skuId: number }> {
  const res = await request.post('/graphql', {
    data: { query: '{ products(filter: { limit: 100, sort: HIGHEST_PRICE }) { products { name canonicalUrl skus { skuId name stock { status totalStock oversellable static } } } } }' },
  });
  const { products } = ((await res.json()) as { data: { products: { products: (CatalogProduct & { skus: { stock: { static: boolean } }[] })[] } } }).data.products;
  const counted = products.filter((p) => p.skus.length === 1 && !p.skus[0]!.stock.oversellable && !p.skus[0]!.stock.static);
  // Each project, and each copy of a test that --repeat-each runs beside another, takes products of its own: two
  // copies that set the same product's stock side by side saw each other's numbers.
  const product = counted[(slot + (testInfo.project.name === 'desktop' ? 10 : 0) + 20 * testInfo.repeatEachIndex) % counted.length];
  if (!product) throw new Error(`Too few single-SKU products for slot ${slot} (${counted.length})`);
  const skuId = product.skus[0]!.skuId;
  await setStock(request, skuId, 20);
  return { ...product, skuId };
}

const offer = (page: Page) => page.getByRole('status', { name: 'Pris och lagerstatus' });
const miniCart = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });
const accountButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });

async function openCart(page: Page) {
  await expect(miniCart(page)).toHaveAccessibleName(/\d+ var/);
  await miniCart(page).click();
  const panel = page.getByRole('dialog', { name: 'Varukorg' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('one socket per browser', () => {
  test('two tabs hold one /graphql WebSocket between them; closing the tab that holds it moves it to the other', { tag: PHONE_ONLY }, async ({ page, context, request }, testInfo) => {
    const sockets = watchSockets(context);
    const [first, second] = [await productFor(request, testInfo, 0), await productFor(request, testInfo, 1)];
    await page.goto(first.canonicalUrl);
    await untilHydrated(page);
    await expect.poll(() => sockets.watching(first.skuId), LIVE_START).toBe(true);
    const other = await context.newPage();
    await other.goto(second.canonicalUrl);
    await untilHydrated(other);
    // The second tab's SKU reaches the leader's socket: it asked the leader instead of opening its own.
    await expect.poll(() => sockets.watching(second.skuId), LIVE_START).toBe(true);
    expect(sockets.open()).toHaveLength(1);
    expect(sockets.records).toHaveLength(1);

    const holder = sockets.open()[0]!.page;
    const remaining = holder === page ? other : page;
    await holder.close();
    await expect.poll(() => sockets.open().map((record) => record.page === remaining), LIVE_START).toEqual([true]);
    // The new leader asked the remaining tab for what it shows.
    const shown = remaining === page ? first : second;
    await expect.poll(() => sockets.watching(shown.skuId), LIVE_START).toBe(true);
  });

  test('a hidden page hands the socket to a shown one', { tag: PHONE_ONLY }, async ({ page, context, request }, testInfo) => {
    const sockets = watchSockets(context);
    const product = await productFor(request, testInfo, 2);
    await page.goto(product.canonicalUrl);
    await untilHydrated(page);
    await expect.poll(() => sockets.open().length, LIVE_START).toBe(1);
    const other = await context.newPage();
    await other.goto('/');
    await untilHydrated(other);
    expect(sockets.open().map((record) => record.page === page)).toEqual([true]);
    // Headless pages are always visible: the first one is hidden as a browser hides a tab behind another.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => sockets.open().map((record) => record.page === other), LIVE_START).toEqual([true]);
    // It still shows its product: the shown leader watches it for it.
    await expect.poll(() => sockets.watching(product.skuId), LIVE_START).toBe(true);
  });
});

test.describe('events reach every tab without a reload', () => {
  test('an admin stock change shows on an open product page and in an open cart', async ({ page, context, request, baseURL }, testInfo) => {
    const sockets = watchSockets(context);
    const product = await productFor(request, testInfo, 3);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId, quantity: 3 }]);
    await page.goto(product.canonicalUrl);
    await expect(offer(page)).toContainText('+5 i lager');
    const cartTab = await context.newPage();
    await cartTab.goto('/');
    const panel = await openCart(cartTab);
    const quantity = panel.getByRole('group', { name: `Antal av ${product.name}` });
    await expect(quantity).toContainText('3');
    await expect.poll(() => sockets.watching(product.skuId), LIVE_START).toBe(true);

    await setStock(request, product.skuId, 2);
    await expect(offer(page)).toContainText('2 kvar i lager');
    // The cart, read again for the line now over the stock: lowered, and said so under the line.
    await expect(quantity).toContainText('2');
    await expect(panel.getByText(`Endast 2 av ${product.name} kvar på lager`)).toBeVisible();
    await expect(offer(page)).toContainText('2 kvar i lager');
    expect(sockets.open()).toHaveLength(1);
  });

  test('a cart changed on another device shows in the open cart without a reload', { tag: PHONE_ONLY }, async ({ page, context, request, baseURL }, testInfo) => {
    const sockets = watchSockets(context);
    const [first, second] = [await productFor(request, testInfo, 7), await productFor(request, testInfo, 8)];
    const cartId = await cartWith(request, context, baseURL!, [{ skuId: first.skuId }]);
    await page.goto('/');
    const panel = await openCart(page);
    await expect(panel.getByRole('link', { name: first.name })).toBeVisible();
    await expect.poll(() => sockets.open().some((record) => record.sent.some((m) => m.type === 'subscribe' && m.payload?.query?.includes('cartChanged'))), LIVE_START).toBe(true);
    // The same cart from elsewhere (a phone and a laptop sharing it): no tab of this browser made the change, so
    // only the server's cartChanged can tell it.
    const res = await request.post('/graphql', {
      data: { query: 'mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }', variables: { id: cartId, item: { skuId: second.skuId, quantity: 2 } } },
    });
    expect(res.ok()).toBe(true);
    await expect(panel.getByRole('link', { name: second.name })).toBeVisible();
    await expect(panel.getByRole('group', { name: `Antal av ${second.name}` })).toContainText('2');
    await expect(miniCart(page)).toHaveAccessibleName(/3 varor i varukorgen/);
  });

  test("adding to the cart in one tab updates the other tab's mini cart", async ({ page, context, request }, testInfo) => {
    const product = await productFor(request, testInfo, 4);
    const other = await context.newPage();
    await other.goto('/');
    await untilHydrated(other);
    await expect(miniCart(other)).toHaveAccessibleName(/Varukorgen är tom/);
    await page.goto(product.canonicalUrl);
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(miniCart(page)).toHaveAccessibleName(/1 vara i varukorgen/);
    await expect(miniCart(other)).toHaveAccessibleName(/1 vara i varukorgen/);
  });

  test('login and logout in one tab show in the other, and the socket connects again as the customer and as a guest', { tag: PHONE_ONLY }, async ({ page, context, request }, testInfo) => {
    const sockets = watchSockets(context);
    const email = `live-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.se`;
    await registerByApi(request, email);
    const other = await context.newPage();
    await other.goto('/');
    await untilHydrated(other);
    await page.goto('/');
    await untilHydrated(page);
    await expect(accountButton(other, 'Mitt konto')).toBeVisible();
    await expect.poll(() => sockets.open().length).toBe(1);
    expect(sockets.inits().every((init) => !init.payload?.authorization)).toBe(true);

    const login = page.getByRole('dialog', { name: 'Logga in' });
    await expect(async () => {
      if (!(await login.isVisible())) await accountButton(page, 'Mitt konto').click({ timeout: 2000 });
      await expect(login).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await login.getByRole('textbox', { name: 'E-post', exact: true }).fill(email);
    await login.getByLabel('Lösenord', { exact: true }).fill(CUSTOMER_PASSWORD);
    await login.getByRole('button', { name: 'Logga in' }).click();
    await expect(accountButton(page, 'Mitt konto, inloggad')).toBeVisible({ timeout: 30_000 });
    // The other tab, not brought to the front, shows it too; the socket came back with the customer's token.
    await expect(accountButton(other, 'Mitt konto, inloggad')).toBeVisible();
    await expect.poll(() => sockets.inits().at(-1)?.payload?.authorization ?? '').toMatch(/^Bearer /);
    await expect.poll(() => sockets.open().length).toBe(1);

    await page.goto('/mina-sidor/ordrar');
    await page.getByRole('main').getByRole('button', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountButton(other, 'Mitt konto')).toBeVisible();
    await expect(accountButton(page, 'Mitt konto')).toBeVisible();
    await expect.poll(() => sockets.inits().at(-1)?.payload?.authorization ?? 'none').toBe('none');
  });
});

netTest.describe('on the testers\' network presets', () => {
  netTest.use({ network: 'server-restart' });

  netTest('after a server restart the socket comes back by itself and events flow again', { tag: PHONE_ONLY }, async ({ page, context, request, net }, testInfo) => {
    const sockets = watchSockets(context);
    const product = await productFor(request, testInfo, 5);
    await page.goto(product.canonicalUrl);
    await expect(offer(page)).toContainText('+5 i lager');
    await expect.poll(() => sockets.watching(product.skuId), LIVE_START).toBe(true);

    await net.restartServer({ whileDown: () => expect.poll(() => sockets.open().length).toBe(0) });
    await expect.poll(() => sockets.records.length > 1 && sockets.watching(product.skuId), { timeout: 20_000 }).toBe(true);
    await setStock(request, product.skuId, 3);
    await expect(offer(page)).toContainText('3 kvar i lager');
  });
});

test.describe('through a server restart', () => {
  test('on a flaky network no change is lost: the one made while the socket was down is read again after it', { tag: PHONE_ONLY }, async ({ page, context, request, baseURL }, testInfo) => {
    const proxy = await tcpProxy(baseURL!);
    try {
      const sockets = watchSockets(context);
      const product = await productFor(request, testInfo, 6);
      await page.goto(`${proxy.url}${product.canonicalUrl}`);
      await expect(offer(page)).toContainText('+5 i lager');
      await expect.poll(() => sockets.watching(product.skuId), LIVE_START).toBe(true);

      await proxy.down();
      await expect.poll(() => sockets.open().length).toBe(0);
      // Changed while nothing listened: no event will ever tell of it.
      await setStock(request, product.skuId, 4);
      // Half the page's GraphQL requests fail from now on (the catch-up read among them); the socket passes.
      const stats = await flaky(context, { dropShare: 0.5, seed: 23, url: `${proxy.url}/graphql` });
      await proxy.up();
      await expect(offer(page)).toContainText('4 kvar i lager', { timeout: 30_000 });
      // And what comes over the socket afterwards still arrives.
      await setStock(request, product.skuId, 1);
      await expect(offer(page)).toContainText('1 kvar i lager');
      expect(stats.seen).toBeGreaterThan(0);
      await steady(context);
    } finally {
      await proxy.close();
    }
  });
});
