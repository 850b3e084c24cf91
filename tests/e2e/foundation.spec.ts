import { expect, test } from '@playwright/test';
import { PHONE_ONLY } from '../support/projects';

test.describe('the shop from a fresh start', () => {
  test('Swedish home page lists real products and hydrates without console errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The head starts the worker that loads the browser's locale data from its code (a blob: address): a refusal by
    // the page's CSP (of the inline script or of the worker) would start none.
    const warmUp = page.waitForEvent('worker', (worker) => worker.url().startsWith('blob:'));
    const response = await page.goto('/');
    await warmUp;
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mest sålda' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByText('Rengjort och testat · Leverans nästa dag · Fri retur')).toBeVisible();
    // Hydrated: a client-side navigation works without a full reload. A card's first link is its picture and name.
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\//);
    await expect(page.getByRole('main').getByRole('status', { name: 'Pris och lagerstatus' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('English home page under /en, and the language switcher goes to the same page', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/p\//);
    // The address changes before the product page is drawn: its offer shows that it is.
    await expect(page.getByRole('main').getByRole('status', { name: 'Price and stock' })).toBeVisible();
    const englishName = await page.getByRole('heading', { level: 1 }).textContent();
    if ((page.viewportSize()?.width ?? 0) < 1024) {
      // Phones keep the language switch in the menu panel.
      await page.getByRole('button', { name: 'Main menu' }).click();
    }
    await page.getByRole('link', { name: 'På svenska' }).click();
    await expect(page).toHaveURL(/^[^?]*\/p\/[^/]+$/);
    expect(new URL(page.url()).pathname.startsWith('/en')).toBe(false);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.getByRole('main').getByRole('status', { name: 'Pris och lagerstatus' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(englishName).toBeTruthy();
    expect(englishName).not.toBe('Bestsellers');
  });

  test('an unknown address answers 404 with the not-found page', { tag: PHONE_ONLY }, async ({ page }) => {
    const response = await page.goto('/p/det-har-spelet-finns-inte');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Sidan kunde inte hittas')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Till startsidan' })).toBeVisible();
    const other = await page.goto('/en/no/such/page');
    expect(other?.status()).toBe(404);
  });

  test('the service worker registers and precaches the shell', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith('workbox-precache'))))
      .toBe(true);
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/en')))).toBe(true);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect((await manifest.json()).icons.length).toBeGreaterThan(0);
  });
});
