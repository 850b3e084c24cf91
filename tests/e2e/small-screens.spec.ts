import { expect, test, type Page } from '@playwright/test';

/**
 * The smallest phones still in use: 320 px (older Android, iPhone SE 1st gen) and 360 px (the most common
 * Android width). Nothing may sit off-screen or make the page scroll sideways, and the header's controls keep
 * touch targets of at least 44 px.
 */
const WIDTHS = [320, 360];

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        // The skip link waits off-screen on purpose until it is focused.
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('.skip-link') && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, outside: outside.slice(0, 5) };
  });
  expect(overflow.outside, `${what}: elements off-screen`).toEqual([]);
  expect(overflow.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(overflow.width);
}

async function expectHeaderTouchTargets(page: Page, what: string) {
  const controls = page.locator('.site-header .header-main').getByRole('button').or(page.locator('.site-header .header-main').getByRole('link'));
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(box!.width, `${what}: width of ${name}`).toBeGreaterThanOrEqual(44);
    expect(box!.height, `${what}: height of ${name}`).toBeGreaterThanOrEqual(44);
  }
}

test.describe('the smallest phones', () => {
  for (const width of WIDTHS) {
    test(`every kind of page fits ${width} px with nothing off-screen`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
      await page.setViewportSize({ width, height: 640 });
      await page.goto('/');
      const productUrl = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
      for (const url of ['/', '/allt', '/s/mario', productUrl!, '/varumarken', '/kassan', '/en', '/en/checkout', '/finns-inte']) {
        await page.goto(url);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSidewaysScroll(page, url);
        await expectHeaderTouchTargets(page, url);
      }
      // The cart panel, with a line in it.
      await page.goto(productUrl!);
      const add = page.getByRole('button', { name: /Lägg i varukorgen|Förbeställ|Pre-order/ }).first();
      if (await add.isEnabled()) {
        await add.click();
        await page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ }).click();
        const panel = page.getByRole('dialog', { name: 'Varukorg' });
        await expect(panel).toBeVisible();
        // It slides in from the right: measure once it has arrived.
        await expect.poll(async () => ((box) => (box ? box.x + box.width : Infinity))(await panel.boundingBox())).toBeLessThanOrEqual(width);
        await expectNoSidewaysScroll(page, 'the cart panel');
      }
    });

    test(`the cookie banner's buttons can be reached and pressed at ${width} px on a short screen`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: 480 });
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Vi använder cookies' });
      await expect(banner).toBeVisible();
      await expectNoSidewaysScroll(page, 'with the cookie banner');
      const allow = banner.getByRole('button', { name: 'Tillåt' });
      await expect(allow).toBeInViewport();
      await allow.click();
      await expect(banner).toBeHidden();
      expect((await context.cookies()).find((c) => c.name === 'ralph-cookie-consent')?.value).toBe('true');
    });
  }
});
