import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { offline } from '../support/network';
import { untilControlled } from '../support/hydration';

/** One online visit of a home page, until the service worker controls it, then no network at all (the worker's fetches too). */
async function visitThenGoOffline(page: Page, context: BrowserContext, home: string): Promise<{ homeHeading: string; productUrls: string[] }> {
  await page.goto(home);
  const homeHeading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await untilControlled(page);
  const productUrls = await page
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => [...new Set(links.map((link) => (link as HTMLAnchorElement).pathname).filter((path) => path.includes('/p/')))]);
  expect(productUrls.length).toBeGreaterThan(1);
  await offline(context);
  return { homeHeading, productUrls };
}

test.describe('offline', () => {
  test('a page never visited opens the offline page under its own address, not the home page', async ({ page, context }) => {
    const { homeHeading, productUrls } = await visitThenGoOffline(page, context, '/');
    const unvisited = productUrls[1]!;
    await page.goto(unvisited);
    expect(new URL(page.url()).pathname).toBe(unvisited);
    await expect(page.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: homeHeading })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Försök igen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Till startsidan' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle(/offline/i);
    // The API, mail previews and the health check are never answered with a page.
    for (const path of ['/healthz', '/mail/orderconfirmed', '/graphql?query=%7B__typename%7D']) {
      await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    }
  });

  test('the offline page shows only what works without the app script: the logo home and a retry link', async ({ page, context }) => {
    const { homeHeading, productUrls } = await visitThenGoOffline(page, context, '/');
    await page.goto(productUrls[1]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    // No menu, search, cart or account buttons, no newsletter form or footer toggles: nothing runs them here.
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    const logo = page.getByRole('banner').getByRole('link', { name: 'Retro Spelbutiken' });
    await expect(logo).toBeVisible();
    // The retry asks for the same address again (the worker answers the offline page while there is no network).
    await page.getByRole('main').getByRole('link', { name: 'Försök igen' }).click();
    await expect(page).toHaveURL(productUrls[1]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    // The logo is a plain link home, which the worker answers from its copy.
    await page.getByRole('banner').getByRole('link', { name: 'Retro Spelbutiken' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: homeHeading })).toBeVisible();
  });

  test('in English, the offline page is English', async ({ page, context }) => {
    const { productUrls } = await visitThenGoOffline(page, context, '/en');
    await page.goto(productUrls[1]!);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
  });

  test('a page visited before still opens from the cache', async ({ page, context }) => {
    await visitThenGoOffline(page, context, '/');
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
  });

  test('navigating inside the shop to a product not loaded before says offline, not 500', async ({ page, context }) => {
    await visitThenGoOffline(page, context, '/');
    await page.getByRole('article').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\//);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    await expect(main.getByText('500')).toHaveCount(0);
    await expect(main.getByText('Något gick fel')).toHaveCount(0);
    // The frame stays: the menus and the way home still work.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Till startsidan' })).toBeVisible();
  });

  test('a connection that drops while the browser still thinks it is online also says offline, and trying again opens the page', async ({ page, context }) => {
    await page.goto('/en');
    await untilControlled(page);
    await context.route('**/*', (route) => route.abort('connectionreset'));
    await page.getByRole('article').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/p\//);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await context.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('status', { name: 'Price and stock' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: "You're offline" })).toHaveCount(0);
  });

  test("a shopper's own pages and mail previews are never stored by the service worker, in either language", async ({ page }) => {
    await page.goto('/');
    await untilControlled(page);
    const own = ['/kassan', '/en/checkout', '/checkout/confirm?order=x&token=y', '/en/checkout/klarna-fail?order=x&token=y', '/mail/orderconfirmed', '/en/mail/orderconfirmed?token=secret'];
    for (const path of [...own, '/allt']) await page.goto(path);
    const stored = () =>
      page.evaluate(async () => {
        const cache = await caches.open('pages-v1');
        return (await cache.keys()).map((request) => {
          const url = new URL(request.url);
          return url.pathname + url.search;
        });
      });
    // A page anyone may keep is stored (the worker writes after answering, so wait for it) …
    await expect.poll(stored).toContain('/allt');
    // … and none of the shopper's own.
    const keys = await stored();
    for (const path of own) expect(keys, path).not.toContain(path);
  });
});
