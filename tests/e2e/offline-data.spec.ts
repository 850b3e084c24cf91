import { expect, test, type Page, type Request } from '@playwright/test';
import { offline, online } from '../support/network';
import { buyableProducts, cartWith, setStock } from '../support/shop-api';
import { untilControlled, untilHydrated } from '../support/hydration';
import { storedOperations } from '../support/offline-data';
import { PHONE_ONLY } from '../support/projects';

/**
 * Offline with data: pages seen before render from the device's copy of the catalog (IndexedDB) with the time
 * their prices and stock were fetched, the header says the shopper is offline, local state (favorites, the
 * price toggles, recent searches) keeps working across offline reloads, and the checkout refuses to send.
 */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1360) < 768;

/** The header's menu to the NES category, as a shopper goes there (a client-side navigation). */
async function openNes(page: Page): Promise<void> {
  if (isPhone(page)) {
    const panel = page.getByRole('dialog', { name: 'Huvudmeny' });
    // Tap again only while the menu is closed: a second tap on a menu that opened slowly would close it.
    await expect(async () => {
      if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Huvudmeny' }).click();
      await expect(panel).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'Spel' }).click();
    await panel.getByRole('button', { name: 'Nintendo' }).click();
    await panel.getByRole('link', { name: 'NES', exact: true }).click();
  } else {
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    await nav.getByRole('link', { name: 'Spel', exact: true }).hover();
    await nav.getByRole('link', { name: 'NES', exact: true }).click();
  }
  const heading = page.getByRole('heading', { level: 1, name: 'NES' });
  await expect(heading).toBeVisible();
  // Pointer and focus leave the menu, which closes (it stays open while hovered or focused).
  if (!isPhone(page)) await heading.click();
}

const offlineBanner = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: 'Du är offline. Det du ser kan vara inaktuellt.' });
const asOfNote = (page: Page) => page.getByRole('main').getByRole('note').filter({ hasText: /^Priser och lager från kl\. \d\d[:.]\d\d$/ });
const priceAndStock = (page: Page) => page.getByRole('main').getByRole('status', { name: 'Pris och lagerstatus' });

test.describe('offline data', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('a visited category and product render offline from the device, with the time of their prices, also after a reload', async ({ page, context }) => {
    await page.goto('/');
    await untilControlled(page);
    await openNes(page);
    const product = page.getByRole('main').getByRole('article').first().getByRole('link').first();
    await product.click();
    await expect(page).toHaveURL(/\/p\//);
    const productUrl = new URL(page.url()).pathname;
    await expect(priceAndStock(page)).toBeVisible();
    const productName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(productName).not.toBe('NES');
    const offer = (await priceAndStock(page).textContent()) ?? '';
    // Online, nothing is old: no note, no banner.
    await expect(asOfNote(page)).toHaveCount(0);
    await expect(offlineBanner(page)).toHaveCount(0);
    // The writes are debounced: wait until both pages' answers are on the device.
    await expect.poll(() => storedOperations(page)).toEqual(expect.arrayContaining(['ProductPage', 'ProductListPage', 'CategoryByAlias']));

    await offline(context);
    await expect(offlineBanner(page)).toBeVisible();
    // Back to the category inside the tab: from its own cache, with the time it was fetched.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'NES' })).toBeVisible();
    await expect(asOfNote(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Du är offline' })).toHaveCount(0);

    // A new start offline: the home page comes from the service worker (and says how old it is), the category
    // and the product from the device's copy of the catalog.
    await page.goto('/');
    await expect(offlineBanner(page)).toBeVisible();
    await expect(asOfNote(page)).toBeVisible();
    await openNes(page);
    await expect(asOfNote(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(productUrl);
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await expect(priceAndStock(page)).toHaveText(offer);
    await expect(asOfNote(page)).toBeVisible();
    await expect(offlineBanner(page)).toBeVisible();

    // A product never opened still says offline, in the frame.
    await page.goBack();
    await page.getByRole('main').getByRole('article').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();

    // Back online: the banner goes, and the next page is fetched fresh (no note).
    await online(context);
    await expect(offlineBanner(page)).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'NES' })).toBeVisible();
    await expect(asOfNote(page)).toHaveCount(0);
  });

  test('in English, the note and the banner are English', { tag: PHONE_ONLY }, async ({ page, context }) => {
    await page.goto('/en');
    await untilControlled(page);
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/p\//);
    await expect.poll(() => storedOperations(page)).toContain('ProductPage');
    await offline(context);
    await page.goto('/en');
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('You are offline. What you see may be out of date.');
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('main').getByRole('status', { name: 'Price and stock' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('note')).toHaveText(/^Prices and stock as of \d\d[:.]\d\d( [AP]M)?$/);
  });

  test('favorites, the price toggles and recent searches work offline and survive an offline reload', async ({ page, context }) => {
    // Six page loads, two of them online: 15-19 s on a quiet machine, and past 45 s on a loaded one (CI, twice).
    test.slow();
    await page.goto('/');
    await untilControlled(page);
    // A search online: its results page is kept too.
    const searchBox = page.getByRole('combobox', { name: 'Sök', includeHidden: true });
    const openSearch = async () => {
      await untilHydrated(page);
      if (isPhone(page)) await page.getByRole('button', { name: 'Öppna sökning' }).click();
      await searchBox.click();
    };
    await openSearch();
    await searchBox.fill('zelda');
    await searchBox.press('Enter');
    await expect(page).toHaveURL('/s/zelda');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect.poll(() => storedOperations(page)).toContain('ProductListPage');
    await page.goto('/');
    await untilControlled(page);

    await offline(context);
    await page.goto('/');
    const favorites = page.getByRole('banner').getByRole('link', { name: /^Favoriter/ });
    await expect(favorites).toHaveAccessibleName('Favoriter');
    // A tap before hydration does nothing (the server's HTML has no handlers).
    await untilHydrated(page);
    const first = page.getByRole('article').first();
    await first.getByRole('button', { name: /i favoriter$/ }).click();
    await page.getByRole('article').nth(1).getByRole('button', { name: /i favoriter$/ }).click();
    await expect(favorites).toHaveAccessibleName('Favoriter, 2 produkter');

    // Customer type and VAT: prices without VAT.
    if (isPhone(page)) {
      // The menu's code may still be on its way from the worker's cache: tap again only while it is closed.
      const menu = page.getByRole('dialog', { name: 'Huvudmeny' });
      await expect(async () => {
        if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Huvudmeny' }).click();
        await expect(menu).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 20_000 });
      await page.getByRole('dialog').getByRole('button', { name: 'Företag' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Stäng' }).click();
    } else {
      // Pressed is what counts. Once in CI the press focused the button and went no further (nothing in the shop
      // writes the customer type but this button and the cookie's state at start; what took the release elsewhere
      // was not found in 28 runs). Pressed again only while it is not pressed, so a press that worked is never
      // undone; a press that was lost is kept in the report (where each pointer event of it landed) to find why.
      const business = page.getByRole('banner').getByRole('button', { name: 'Företag' });
      await page.evaluate(() => {
        const log: string[] = ((window as { pressLog?: string[] }).pressLog = []);
        for (const type of ['pointerdown', 'pointerup', 'click'])
          addEventListener(type, (event) => log.push(`${type} on ${(event.target as Element).outerHTML.slice(0, 80)} at ${Math.round(event.timeStamp)}`), { capture: true });
      });
      let presses = 0;
      await expect(async () => {
        if ((await business.getAttribute('aria-pressed')) !== 'true') {
          presses += 1;
          await business.click();
        }
        await expect(business).toHaveAttribute('aria-pressed', 'true', { timeout: 3000 });
      }).toPass({ timeout: 20_000 });
      if (presses > 1) test.info().annotations.push({ type: 'lost press', description: (await page.evaluate(() => (window as { pressLog?: string[] }).pressLog ?? [])).join('\n') });
    }
    const cards = await page.locator('.product-card .price').count();
    await expect(page.locator('.product-card .price__vat')).toHaveCount(cards);

    // A search offline: the term is remembered even though its results cannot be fetched.
    await openSearch();
    await searchBox.fill('sega');
    await searchBox.press('Enter');
    await expect(page).toHaveURL('/s/sega');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();

    // Reload offline (the service worker's copy of the home page was stored before any of this).
    await page.goto('/');
    await untilHydrated(page);
    await expect(favorites).toHaveAccessibleName('Favoriter, 2 produkter');
    await expect(page.getByRole('article').first().getByRole('button', { name: /från favoriter$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.product-card .price__vat')).toHaveCount(cards);
    await expect(page.getByRole('switch', { name: 'Visa priser inkl. moms' })).toHaveAttribute('aria-checked', 'false');
    // Removing a favorite offline sticks too.
    await page.getByRole('article').first().getByRole('button', { name: /från favoriter$/ }).click();
    await expect(favorites).toHaveAccessibleName('Favoriter, 1 produkt');
    await page.goto('/');
    await expect(favorites).toHaveAccessibleName('Favoriter, 1 produkt');

    await openSearch();
    const recents = page.getByRole('listbox', { name: 'Senaste sökningar' }).getByRole('option');
    await expect(recents).toHaveText(['sega', 'zelda']);
    // The search seen online opens offline from the device's copy.
    await recents.filter({ hasText: 'zelda' }).click();
    await expect(page).toHaveURL('/s/zelda');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(asOfNote(page)).toBeVisible();
  });

  test('the checkout offline keeps what was typed and never sends the order', { tag: PHONE_ONLY }, async ({ page, context, request, baseURL }) => {
    const product = (await buyableProducts(request))[10]!;
    await setStock(request, product.skus[0]!.skuId, 50);
    await cartWith(request, context, baseURL!, [{ skuId: product.skus[0]!.skuId }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('E-post').fill('anna@example.se');
    await field('Förnamn').fill('Anna');
    await field('Förnamn').blur();
    // What the page tries to send from the moment the network is gone.
    const orders: Request[] = [];
    let counting = false;
    page.on('request', (r) => {
      if (counting && r.url().includes('/graphql') && /placeOrder|createOrUpdateCheckout/.test(r.postData() ?? '')) orders.push(r);
    });

    await offline(context);
    counting = true;
    const submit = page.getByRole('button', { name: 'Slutför köp' });
    const notice = 'Du är offline – beställningen kan skickas när du är ansluten igen. Det du har fyllt i finns kvar.';
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: notice })).toBeVisible();
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(notice);
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Du är offline. Det du ser kan vara inaktuellt.');
    // Typing goes on offline; Enter in a field submits the form, which must not send anything.
    await field('Efternamn').fill('Svensson');
    await field('Efternamn').blur();
    await field('Ort').fill('Stockholm');
    await field('Ort').press('Enter');
    await expect(page).toHaveURL(/\/kassan$/);
    expect(orders).toEqual([]);

    await online(context);
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: notice })).toHaveCount(0);
    for (const [name, value] of [
      ['E-post', 'anna@example.se'],
      ['Förnamn', 'Anna'],
      ['Efternamn', 'Svensson'],
      ['Ort', 'Stockholm'],
    ] as const) {
      await expect(field(name)).toHaveValue(value);
    }
    // What was typed offline is stored once back, and no order was ever sent.
    await expect.poll(() => orders.filter((r) => (r.postData() ?? '').includes('Svensson')).length).toBeGreaterThan(0);
    expect(orders.filter((r) => (r.postData() ?? '').includes('placeOrder'))).toEqual([]);
    // And the shop agrees: an order would have taken the unit off the shelf.
    await expect.poll(async () => (await buyableProducts(request)).find((p) => p.name === product.name)?.skus[0]?.stock.totalStock).toBe(50);
  });
});
