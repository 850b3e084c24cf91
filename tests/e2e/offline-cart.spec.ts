import { expect, test, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { cartWith, setStock, type CatalogProduct } from '../support/shop-api';
import { untilControlled } from '../support/hydration';

/*
 * The offline cart: changes made without a connection are kept on the device (IndexedDB) and reach the server
 * exactly once when it is back. "Offline" here cuts every request, the service worker's too (the browser's
 * offline switch alone does not reach the worker in Chromium), as tests/e2e/offline.spec.ts does.
 */

async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/**
 * An API call made after the test has kept the browser offline a while: the API client's kept-alive connection
 * may have been closed by the server meanwhile (KEEP_ALIVE_TIMEOUT_MS), which the first request on it finds out.
 */
async function afterIdle<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 3 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    }
  }
}

/** The server's cart, read through the API: SKU → quantity. */
async function serverCart(request: APIRequestContext, id: string): Promise<Record<number, number>> {
  const query = 'query ($id: String!) { getCart(id: $id) { id items { skuId quantity } } }';
  const res = await afterIdle(() => request.post('/graphql', { data: { query, variables: { id } } }));
  const body = (await res.json()) as { data: { getCart: { items: { skuId: number; quantity: number }[] } } };
  return Object.fromEntries(body.data.getCart.items.map((item) => [item.skuId, item.quantity]));
}

async function cartCookie(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((cookie) => cookie.name === 'ralph-cart')?.value ?? '';
}

/** What the server holds in the cart the browser's cookie names, once the browser has one. */
async function serverCartOfBrowser(request: APIRequestContext, context: BrowserContext): Promise<Record<number, number>> {
  const id = await cartCookie(context);
  return id ? serverCart(request, id) : {};
}

/**
 * Counts the cart changes the pages send that reach the server (a request that got an answer), by idempotency
 * key: a change replayed by two tabs at once shows as two sends of one key, which the server's de-duplication
 * would otherwise hide from the cart's contents.
 */
function countCartSends(context: BrowserContext): Map<string, number> {
  const sends = new Map<string, number>();
  context.on('requestfinished', (request) => {
    // The worker's own fetch of a page's request would count it twice.
    if (request.serviceWorker() || !request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { idempotencyKey?: string } } | null;
    if (!body || !['AddToCart', 'UpdateCartItem'].includes(body.operationName ?? '')) return;
    const key = body.variables?.idempotencyKey ?? '';
    sends.set(key, (sends.get(key) ?? 0) + 1);
  });
  return sends;
}

const miniCart = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });
const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Varukorg' });

/**
 * Goods for one test: single-SKU products that are neither oversellable nor static, restocked. Picked from a list
 * that does not depend on stock (other tests change stock), from its far end, away from the cheapest goods other
 * specs buy. The stock test's SKU is its own per viewport, since it lowers the stock; the others may share.
 */
async function goods(request: APIRequestContext, info: TestInfo, count: number, slot: number | 'lowers-stock'): Promise<CatalogProduct[]> {
  const res = await request.post('/graphql', {
    data: {
      query:
        '{ products(filter: { limit: 100, sort: LOWEST_PRICE }) { products { name canonicalUrl skus { skuId name stock { status totalStock oversellable static } } } } }',
    },
  });
  const all = ((await res.json()) as { data: { products: { products: (CatalogProduct & { skus: { stock: { static: boolean } }[] })[] } } }).data.products.products.filter(
    (p) => p.skus.length === 1 && !p.skus[0]!.stock.oversellable && !p.skus[0]!.stock.static,
  );
  const phone = info.project.name === 'phone';
  const shared = all.slice(-12, -2);
  const picked =
    slot === 'lowers-stock' ? [all.at(phone ? -1 : -2)!] : Array.from({ length: count }, (_, i) => shared[(slot * 2 + i + (phone ? 0 : 5)) % shared.length]!);
  for (const product of picked) await setStock(request, product.skus[0]!.skuId, 20);
  return picked;
}

/** One online visit: the service worker takes control, then each page is visited so the worker keeps it. */
async function visitOnline(page: Page, urls: readonly string[]): Promise<void> {
  await page.goto('/');
  await untilControlled(page);
  for (const url of urls) await page.goto(url);
}

async function addFromProductPage(page: Page, product: CatalogProduct): Promise<void> {
  await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
  await expect(cartPanel(page).getByRole('link', { name: product.name })).toBeVisible();
  await page.keyboard.press('Escape');
}

test.describe('the offline cart', () => {
  // Each test walks through several offline pages and waits for replays: more steps than most specs.
  test.slow();

  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('adds, changes and removals made offline survive a reload and the app being closed, and reach the server once', async ({ page, context, request }, info) => {
    const [first, second, third] = await goods(request, info, 3, 0);
    const [a, b, c] = [first!, second!, third!];
    const sku = (p: CatalogProduct) => p.skus[0]!.skuId;
    await visitOnline(page, [c.canonicalUrl, b.canonicalUrl, a.canonicalUrl]);
    await goOffline(context);

    // A shopper with no cart yet adds offline: the line shows at once, marked as waiting.
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    const panel = cartPanel(page);
    await expect(panel.getByRole('link', { name: a.name })).toBeVisible();
    await expect(panel.getByText('Sparas när du är ansluten igen', { exact: true })).toBeVisible();
    await expect(panel.getByText(/Du är offline\. En ändring i varukorgen sparas när du är ansluten igen/)).toBeVisible();
    // The safety net: Chromium's Background Sync will wake the worker (which asks the pages to replay) once back online.
    const syncTags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
      return registration.sync ? registration.sync.getTags() : [];
    });
    expect(syncTags).toContain('cart-outbox');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await page.goto(b.canonicalUrl);
    await addFromProductPage(page, b);
    await page.goto(c.canonicalUrl);
    await addFromProductPage(page, c);
    await miniCart(page).click();
    await panel.getByRole('group', { name: `Antal av ${a.name}` }).getByRole('button', { name: 'Öka antal' }).click();
    await expect(panel.getByRole('group', { name: `Antal av ${a.name}` })).toContainText('2');
    await panel.getByRole('button', { name: `Ta bort ${c.name}` }).click();
    await expect(panel.getByRole('link', { name: c.name })).toHaveCount(0);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');

    // The app is closed and opened again, still offline: the cart is as the shopper left it.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto(b.canonicalUrl);
    await expect(miniCart(reopened)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    await miniCart(reopened).click();
    await expect(cartPanel(reopened).getByRole('group', { name: `Antal av ${a.name}` })).toContainText('2');
    await expect(cartPanel(reopened).getByRole('link', { name: b.name })).toBeVisible();
    expect(await cartCookie(context)).toBe('');

    // The connection comes back while the app is closed: the next start replays.
    await reopened.close();
    await goOnline(context);
    const back = await context.newPage();
    await back.goto(b.canonicalUrl);
    await expect.poll(() => serverCartOfBrowser(request, context)).toEqual({ [sku(a)]: 2, [sku(b)]: 1 });
    await miniCart(back).click();
    await expect(cartPanel(back).getByRole('group', { name: `Antal av ${a.name}` })).toContainText('2');
    await expect(cartPanel(back).getByText('Sparas när du är ansluten igen', { exact: true })).toHaveCount(0);
    await expect(miniCart(back)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    // Nothing is sent twice, however often the replay is started again.
    await back.reload();
    await expect(miniCart(back)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    expect(await serverCartOfBrowser(request, context)).toEqual({ [sku(a)]: 2, [sku(b)]: 1 });
  });

  test('with two tabs open, one replays: every change of both reaches the server once', async ({ page, context, request, baseURL }, info) => {
    const [first, second, third] = await goods(request, info, 3, 1);
    const [a, b, c] = [first!, second!, third!];
    const sku = (p: CatalogProduct) => p.skus[0]!.skuId;
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId: sku(a) }]);
    await visitOnline(page, [c.canonicalUrl, b.canonicalUrl]);
    const sends = countCartSends(context);
    const other = await context.newPage();
    await other.goto(c.canonicalUrl);
    await expect(miniCart(other)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await goOffline(context);

    await addFromProductPage(page, b);
    await addFromProductPage(page, b);
    await addFromProductPage(other, c);
    // Each tab shows the other's changes too.
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 4 varor i varukorgen');
    await expect(miniCart(other)).toHaveAccessibleName('Varukorg, 4 varor i varukorgen');
    expect(await serverCart(request, id)).toEqual({ [sku(a)]: 1 });

    await goOnline(context);
    await expect.poll(() => serverCart(request, id)).toEqual({ [sku(a)]: 1, [sku(b)]: 2, [sku(c)]: 1 });
    await expect(cartPanel(other).getByText('Sparas när du är ansluten igen')).toHaveCount(0);
    await other.reload();
    await page.reload();
    await expect(miniCart(other)).toHaveAccessibleName('Varukorg, 4 varor i varukorgen');
    expect(await serverCart(request, id)).toEqual({ [sku(a)]: 1, [sku(b)]: 2, [sku(c)]: 1 });
    // One send per change: the three offline changes, none replayed by both tabs.
    expect([...sends.values()]).toEqual([1, 1, 1]);
  });

  test('with two tabs open and no cart yet, one replays: the changes land once, in one cart both tabs then show', async ({ page, context, request }, info) => {
    const [first, second] = await goods(request, info, 2, 5);
    const [a, b] = [first!, second!];
    const sku = (p: CatalogProduct) => p.skus[0]!.skuId;
    await visitOnline(page, [b.canonicalUrl, a.canonicalUrl]);
    const sends = countCartSends(context);
    const other = await context.newPage();
    await other.goto(b.canonicalUrl);
    await goOffline(context);

    await addFromProductPage(page, a);
    await addFromProductPage(other, b);
    await addFromProductPage(page, a);
    await expect(miniCart(other)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    expect(await cartCookie(context)).toBe('');

    await goOnline(context);
    await expect.poll(() => serverCartOfBrowser(request, context)).toEqual({ [sku(a)]: 2, [sku(b)]: 1 });
    await expect(cartPanel(other).getByText('Sparas när du är ansluten igen')).toHaveCount(0);
    await expect(cartPanel(page).getByText('Sparas när du är ansluten igen')).toHaveCount(0);
    // Counted as the browser reports each answer finished, which can come after the page has shown it.
    await expect.poll(() => [...sends.values()]).toEqual([1, 1, 1]);
    await other.reload();
    await page.reload();
    await expect(miniCart(other)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    expect(await serverCartOfBrowser(request, context)).toEqual({ [sku(a)]: 2, [sku(b)]: 1 });
  });

  test('a tab in the other language shows the replayed changes in its own language, with those still waiting', async ({ page, context, request, baseURL }, info) => {
    const [first, second, third] = await goods(request, info, 3, 3);
    const [a, b, c] = [first!, second!, third!];
    const sku = (p: CatalogProduct) => p.skus[0]!.skuId;
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId: sku(a) }]);
    await visitOnline(page, [c.canonicalUrl, b.canonicalUrl]);
    const english = await context.newPage();
    await english.goto('/en');
    const englishCart = english.getByRole('banner').getByRole('button', { name: /^Cart,/ });
    await expect(englishCart).toHaveAccessibleName('Cart, 1 item in your cart');
    await goOffline(context);

    // Made in the Swedish tab, offline: the English tab shows them too, as waiting.
    await addFromProductPage(page, b);
    await page.goto(c.canonicalUrl);
    await addFromProductPage(page, c);
    await expect(englishCart).toHaveAccessibleName('Cart, 3 items in your cart');

    await goOnline(context);
    await expect.poll(() => serverCart(request, id)).toEqual({ [sku(a)]: 1, [sku(b)]: 1, [sku(c)]: 1 });
    // Whichever tab replayed, each shows the answer in its own language: prices as the server formats them for it.
    await englishCart.click();
    const englishPanel = english.getByRole('dialog', { name: 'Cart' });
    await expect(englishPanel.getByText(/Saving|Saved when/)).toHaveCount(0);
    await expect(englishCart).toHaveAccessibleName('Cart, 3 items in your cart');
    await expect(englishPanel.getByText(/^SEK\s?[\d,.]+$/).first()).toBeVisible();
    await expect(englishPanel.getByText(/\d\s?kr$/)).toHaveCount(0);
    await miniCart(page).click();
    await expect(cartPanel(page).getByText(/Sparas/)).toHaveCount(0);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    await expect(cartPanel(page).getByText(/^[\d\s]+kr$/).first()).toBeVisible();
    await expect(cartPanel(page).getByText(/^SEK/)).toHaveCount(0);
  });

  test('a cart fetched while a change is on its way does not count the change twice', async ({ page, context, request, baseURL }, info) => {
    const [product] = await goods(request, info, 1, 6);
    const a = product!;
    const skuId = a.skus[0]!.skuId;
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId }]);
    await visitOnline(page, [a.canonicalUrl]);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');

    // The add reaches the server, but its answer is held on the way back.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await context.route('**/graphql', async (route) => {
      if (route.request().method() !== 'POST' || !/"operationName":"AddToCart"/.test(route.request().postData() ?? '')) return route.fallback();
      held = true;
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect.poll(() => held).toBe(true);
    await expect.poll(() => serverCart(request, id)).toEqual({ [skuId]: 2 });
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 2 varor i varukorgen');

    // The checkout fetches the cart: the server's cart already holds the add, whose own answer has not come.
    const fetched = page.waitForResponse((response) => /"operationName":"Cart"/.test(response.request().postData() ?? ''));
    await miniCart(page).click();
    await cartPanel(page).getByRole('link', { name: 'Till kassan' }).click();
    await fetched;
    // The answer has been taken in once the page has drawn two frames since.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const stepper = page.getByRole('main').getByRole('group', { name: `Antal av ${a.name}` });
    await expect(stepper).toContainText('2');

    release();
    await expect(page.getByRole('main').getByText(/Sparas/)).toHaveCount(0);
    await expect(stepper).toContainText('2');
    expect(await serverCart(request, id)).toEqual({ [skuId]: 2 });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a replay whose answer is lost on the way back is sent again and applied once', async ({ page, context, request, baseURL }, info) => {
    const [first, second] = await goods(request, info, 2, 2);
    const [a, b] = [first!, second!];
    const sku = (p: CatalogProduct) => p.skus[0]!.skuId;
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId: sku(a) }]);
    await visitOnline(page, [b.canonicalUrl]);
    await goOffline(context);
    await addFromProductPage(page, b);
    await addFromProductPage(page, b);

    // Back online, but the first cart change's answer is dropped after the server has handled it.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    let dropped = 0;
    await context.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (dropped === 0 && route.request().method() === 'POST' && /AddToCart|UpdateCartItem/.test(body)) {
        dropped++;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await context.setOffline(false);
    await expect.poll(() => serverCart(request, id)).toEqual({ [sku(a)]: 1, [sku(b)]: 2 });
    expect(dropped).toBe(1);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    await page.reload();
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 3 varor i varukorgen');
    expect(await serverCart(request, id)).toEqual({ [sku(a)]: 1, [sku(b)]: 2 });
  });

  test('stock that ran low while offline is told when the change is replayed', async ({ page, context, request, baseURL }, info) => {
    const [product] = await goods(request, info, 1, 'lowers-stock');
    const a = product!;
    const skuId = a.skus[0]!.skuId;
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId }]);
    await visitOnline(page, [a.canonicalUrl]);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await goOffline(context);
    await miniCart(page).click();
    const stepper = cartPanel(page).getByRole('group', { name: `Antal av ${a.name}` });
    await stepper.getByRole('button', { name: 'Öka antal' }).click();
    await expect(stepper).toContainText('2');
    await stepper.getByRole('button', { name: 'Öka antal' }).click();
    await expect(stepper).toContainText('3');

    // Meanwhile the shop sells all but two: the first change (to 2) fits, the second (to 3) does not.
    await afterIdle(() => setStock(request, skuId, 2));
    await goOnline(context);
    await expect(page.getByRole('status').getByText('Du kan inte addera flera då du redan har 2 i varukorgen')).toBeVisible();
    await expect(stepper).toContainText('2');
    expect(await serverCart(request, id)).toEqual({ [skuId]: 2 });
  });

  test('a promo code typed offline shows as waiting and is applied once back online', async ({ page, context, request, baseURL }, info) => {
    const [product] = await goods(request, info, 1, 4);
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skus[0]!.skuId }]);
    await visitOnline(page, [product!.canonicalUrl]);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await goOffline(context);
    await miniCart(page).click();
    const panel = cartPanel(page);
    await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('retro10');
    await panel.getByRole('button', { name: 'Använd' }).click();
    await expect(page.getByRole('status').getByText('Koden RETRO10 sparas när du är ansluten igen.')).toBeVisible();
    await expect(panel.getByText('Aktiv rabattkod: RETRO10')).toBeVisible();
    await expect(panel.getByText('Sparas när du är ansluten igen', { exact: true })).toBeVisible();

    await goOnline(context);
    await expect.poll(async () => {
      const res = await afterIdle(() => request.post('/graphql', { data: { query: 'query ($id: String!) { getCart(id: $id) { promoCode } }', variables: { id } } }));
      return ((await res.json()) as { data: { getCart: { promoCode: string | null } } }).data.getCart.promoCode;
    }).toBe('RETRO10');
    await expect(panel.getByRole('term').filter({ hasText: 'Rabattkod RETRO10' })).toBeVisible();
    await expect(panel.getByText('Sparas när du är ansluten igen', { exact: true })).toHaveCount(0);
  });
});
