import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { HYDRATED_MARK } from '../../src/client/app/boot';

/**
 * A first visit hydrates without Apollo's code (about 45 KiB on 2G): the tab's client loads once the page answers
 * taps (src/client/lib/apollo-client.ts). These hold its chunk back, or fail it, and check the shop still works.
 */

/** Apollo's chunk: the one module script whose file is named after src/client/lib/apollo.ts. */
const APOLLO_CHUNK = /\/assets\/apollo-[\w-]+\.js$/;

async function singleSkuProduct(request: APIRequestContext): Promise<{ name: string; canonicalUrl: string }> {
  const res = await request.post('/graphql', {
    data: { query: '{ products(filter: { limit: 100, sort: BESTSELLERS }) { products { name canonicalUrl stock { status } skus { skuId } } } }' },
  });
  const products = ((await res.json()) as { data: { products: { products: { name: string; canonicalUrl: string; stock: { status: string }; skus: unknown[] }[] } } }).data.products
    .products;
  return products.find((p) => p.skus.length === 1 && p.stock.status === 'IN_STOCK')!;
}

const hydrated = (page: Page) => page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HYDRATED_MARK);
const miniCart = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });

test.describe('a first visit before Apollo has loaded', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('the page hydrates without it, and a Buy tap made meanwhile lands in the cart once it has come', async ({ page, request }) => {
    const product = await singleSkuProduct(request);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(APOLLO_CHUNK, async (route: Route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await page.goto('/s/' + encodeURIComponent(product.name));
    await hydrated(page);
    await expect.poll(() => asked).toBe(true);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) }).first();
    await card.getByRole('button', { name: `Köp ${product.name}` }).click();
    release();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByRole('link', { name: product.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
  });

  test('its code failing to arrive is tried again when the connection returns: the cart and the account then work', async ({ page, request }) => {
    const product = await singleSkuProduct(request);
    let failures = 0;
    await page.route(APOLLO_CHUNK, async (route: Route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await page.goto(product.canonicalUrl);
    await hydrated(page);
    await expect.poll(() => failures).toBe(1);
    // The browser saw the connection come back.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('dialog', { name: 'Varukorg' }).getByRole('link', { name: product.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await page.getByRole('banner').getByRole('button', { name: 'Mitt konto' }).click();
    await expect(page.getByRole('dialog', { name: 'Logga in' })).toBeVisible();
  });
});
