import { expect, test, type Locator } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { expectNoSidewaysScroll } from '../support/page-fit';
import { buyableProducts, cartWith, placeOrder, setStock } from '../support/shop-api';

/**
 * The smallest phones still in use: 320 px (older Android, iPhone SE 1st gen) and 360 px (the most common
 * Android width). Nothing may sit off-screen or make the page scroll sideways, and the header's controls keep
 * touch targets of at least 44 px.
 */
const WIDTHS = [320, 360];

/** Every visible button and link in a panel (or the header) is a touch target of at least 44 × 44 px. */
async function expectTouchTargets(panel: Locator, what: string) {
  for (const control of await panel.getByRole('button').or(panel.getByRole('link')).all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(box!.height, `${what}: height of ${name}`).toBeGreaterThanOrEqual(44);
    expect(box!.width, `${what}: width of ${name}`).toBeGreaterThanOrEqual(44);
  }
}

/** A panel that slides in is measured once it has arrived: its right edge inside the screen. */
async function expectArrived(panel: Locator, width: number) {
  await expect(panel).toBeVisible();
  await expect.poll(async () => ((box) => (box ? box.x + box.width : Infinity))(await panel.boundingBox())).toBeLessThanOrEqual(width);
}

test.describe('the smallest phones', () => {
  for (const width of WIDTHS) {
    test(`every kind of page fits ${width} px with nothing off-screen`, async ({ page, context, baseURL }) => {
      // Ten pages, each measured control by control: more than one page's time on a loaded machine.
      test.slow();
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
      await page.setViewportSize({ width, height: 640 });
      await page.goto('/');
      const productUrl = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
      // The customer-service page names the shop's (long) address in its text.
      for (const url of ['/', '/allt', '/s/mario', productUrl!, '/varumarken', '/kundtjanst', '/kassan', '/en', '/en/checkout', '/finns-inte']) {
        await page.goto(url);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSidewaysScroll(page, url);
        await expectTouchTargets(page.locator('.site-header .header-main'), url);
      }
    });

    test(`the cart panel with a line in it fits ${width} px`, async ({ page, context, baseURL, request }) => {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
      await page.setViewportSize({ width, height: 640 });
      const product = (await buyableProducts(request))[16 + WIDTHS.indexOf(width)]!;
      await setStock(request, product.skus[0]!.skuId, 50);
      await cartWith(request, context, baseURL!, [{ skuId: product.skus[0]!.skuId }]);
      await page.goto('/');
      await untilHydrated(page);
      await page.getByRole('banner').getByRole('button', { name: /^Varukorg, 1 vara/ }).click();
      const panel = page.getByRole('dialog', { name: 'Varukorg' });
      await expectArrived(panel, width);
      await expect(panel.getByRole('link', { name: product.name })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the cart panel');
    });

    test(`the phone menu, the filter panel and a filtered list fit ${width} px`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
      await page.setViewportSize({ width, height: 640 });
      await page.goto('/');
      // A tap before hydration reaches the server's plain button, which opens nothing.
      await untilHydrated(page);
      await page.getByRole('button', { name: 'Huvudmeny' }).click();
      const menu = page.getByRole('dialog', { name: 'Huvudmeny' });
      await expectArrived(menu, width);
      // The deepest level: long names, indented twice.
      await menu.getByRole('button', { name: 'Spel' }).click();
      await menu.getByRole('button', { name: 'Nintendo' }).click();
      await expect(menu.getByRole('link', { name: 'Visa allt inom Nintendo' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the menu panel');
      await expectTouchTargets(menu, 'the menu panel');

      await page.goto('/allt');
      await untilHydrated(page);
      await page.getByRole('button', { name: /^Filter/ }).click();
      const filters = page.getByRole('complementary', { name: 'Filtrera' });
      await expectArrived(filters, width);
      const brands = page.getByRole('group', { name: 'Varumärken' });
      await brands.getByRole('button', { name: /^Visa alla \d+$/ }).click();
      await expectNoSidewaysScroll(page, 'the filter panel');
      await expectTouchTargets(filters, 'the filter panel');

      await brands.getByRole('checkbox', { name: /^Nintendo \(\d+\)$/ }).check();
      await expect(page).toHaveURL(/[?&]brands=\d+/);
      const categories = page.getByRole('group', { name: 'Kategorier' });
      await categories.getByRole('checkbox').first().check();
      await expect(page).toHaveURL(/[?&]categories=\d+/);
      await expectNoSidewaysScroll(page, 'the filter panel with two filters');
      // The filtered list as a shopper lands on it from a shared link: chips for every filter, fresh from the server.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Ta bort filtret Nintendo' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'a filtered list');
    });

    test(`the order confirmation fits ${width} px`, async ({ page, context, baseURL, request }) => {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
      await page.setViewportSize({ width, height: 640 });
      // Two lines, so the order's table has more than one row; restocked first, whatever earlier runs bought.
      const [first, second] = (await buyableProducts(request)).slice(12 + WIDTHS.indexOf(width) * 2);
      for (const product of [first!, second!]) await setStock(request, product.skus[0]!.skuId, 50);
      const cartId = await cartWith(request, context, baseURL!, [{ skuId: first!.skus[0]!.skuId }, { skuId: second!.skus[0]!.skuId, quantity: 2 }]);
      await page.goto(await placeOrder(request, cartId));
      await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(first!.name);
      await expectNoSidewaysScroll(page, 'the order confirmation');
    });

    test(`the cookie banner's buttons can be reached and pressed at ${width} px on a short screen`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: 480 });
      await page.goto('/');
      // The banner's buttons answer once the page has hydrated: a tap before that was lost on a busy machine.
      await untilHydrated(page);
      const banner = page.getByRole('region', { name: 'Vi använder cookies' });
      await expect(banner).toBeVisible();
      await expectNoSidewaysScroll(page, 'with the cookie banner');
      const allow = banner.getByRole('button', { name: 'Tillåt' });
      await expect(allow).toBeInViewport();
      await allow.click();
      await expect(banner).toBeHidden();
      // The browser's cookie store can answer before the page's document.cookie write reaches it: ask until it has.
      await expect
        .poll(async () => (await context.cookies()).find((c) => c.name === 'ralph-cookie-consent')?.value)
        .toBe('true');
    });
  }
});
