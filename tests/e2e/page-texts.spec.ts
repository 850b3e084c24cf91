import { expect, test, type Page } from '@playwright/test';
import { collectErrors, untilHydrated } from '../support/hydration';

/**
 * A page's HTML carries only the texts its server render used (src/server/render/first-render-messages.ts); the rest
 * of the language's catalog arrives as the page hydrates (src/client/i18n/messages.ts). What the shopper opens in
 * the meantime waits for it: it never shows a text's id, and the console never reports a missing text.
 */

/** Holds the language's catalog chunk back until `release` is called, as a slow link would. */
async function holdCatalog(page: Page, language: 'sv' | 'en') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(new RegExp(`/assets/${language}\\.json-[\\w-]+\\.js$`), async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test("a returning shopper's saved searches, which the server's HTML knows nothing of, are named once the texts have come", async ({ page }) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => localStorage.setItem('recentSearches', JSON.stringify(['zelda'])));
  const catalog = await holdCatalog(page, 'sv');
  await page.goto('/');
  await untilHydrated(page);
  // The server drew the top searches' list; the browser, with the saved ones, names it with a text it has not got.
  const recent = page.getByRole('listbox', { name: 'Senaste sökningar', includeHidden: true });
  await expect(recent).toHaveCount(0);
  catalog.release();
  await expect(recent).toHaveCount(1);
  await expect(page.getByRole('listbox', { name: /search\./, includeHidden: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** A text id on screen (react-intl shows the id of a text it lacks), such as cart.empty. */
const anId = /^\s*(cart|menu|search|header|product|pwa|account|consent)\.[\w.]+\s*$/;

test.describe("a page's texts", () => {
  test('the cart panel and the menu tapped before the rest of the texts arrived open with their texts', async ({ page }) => {
    const errors = collectErrors(page);
    const catalog = await holdCatalog(page, 'sv');
    await page.goto('/allt');
    await untilHydrated(page);
    await expect.poll(catalog.asked, { message: 'the page asks for the rest of its texts as it hydrates' }).toBe(true);

    await page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ }).click();
    // Tapped, not drawn yet: the panel waits for its texts rather than showing their ids.
    await expect(page.getByText(anId)).toHaveCount(0);
    catalog.release();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByText('Din varukorg är tom.')).toBeVisible();
    await panel.getByRole('button', { name: /Stäng/ }).first().click();
    await expect(panel).toBeHidden();

    if ((page.viewportSize()?.width ?? 0) < 1024) {
      await page.getByRole('button', { name: 'Huvudmeny' }).click();
      await expect(page.getByRole('dialog', { name: 'Huvudmeny' })).toBeVisible();
    }
    await expect(page.getByText(anId)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('pages opened by links, with texts the first page did not use, show them', async ({ page }) => {
    const errors = collectErrors(page);
    const catalog = await holdCatalog(page, 'en');
    await page.goto('/en/brands');
    await untilHydrated(page);
    setTimeout(catalog.release, 500);
    // The brands page's HTML had no product card's nor product page's texts (price, stock, the buy button).
    await page.getByRole('link', { name: /^Nintendo \d+ products$/ }).click();
    await expect(page).toHaveURL(/\/en\/b\//);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/p\//);
    // The product page is drawn (the address changes first), with its texts: price and stock, the buy button.
    await expect(page.getByRole('main').getByRole('status', { name: 'Price and stock' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(anId)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
