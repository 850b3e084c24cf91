import { expect, test, type Locator, type Page } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { expectNoSidewaysScroll } from '../support/page-fit';

/**
 * How the default layout's frame looks on the smallest phones: the demo notice and the selling points above the
 * header, the phone menu, and the cookie banner beside the open search.
 */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1360) < 768;
const demoNotice = (page: Page) => page.getByRole('complementary').filter({ hasText: 'Demobutik: inga riktiga köp.' });
const closeDemoNotice = (page: Page) => page.getByRole('button', { name: 'Dölj demomeddelandet' });
const sellingPoints = (page: Page) => page.getByRole('banner').getByRole('paragraph').filter({ hasText: 'Rengjort och testat' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'a box on the page').not.toBeNull();
  return found!;
}

/** Shown in full: not clipped by its line (IntersectionObserver counts an ancestor's clipping) and not cut short. */
async function expectWhole(text: Locator) {
  await expect(text).toBeInViewport({ ratio: 1 });
  expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

/** A point on a control is the control's own (no overlay takes the tap there). */
async function expectTappable(control: Locator, what: string) {
  await control.scrollIntoViewIfNeeded();
  const hit = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && (element === top || element.contains(top));
  });
  expect(hit, `${what} takes the tap`).toBe(true);
}

test.describe('the layout on small screens', () => {
  // Several pages and measurements each, on a shared and often busy machine.
  test.slow();

  for (const width of [320, 360]) {
    test(`the demo notice and the selling points take one short line each at ${width} px`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
      await page.setViewportSize({ width, height: 568 });
      await page.goto('/');
      await untilHydrated(page);
      const notice = await box(demoNotice(page));
      const points = await box(sellingPoints(page));
      expect(points.y + points.height - notice.y, 'the two lines together').toBeLessThanOrEqual(80);
      // One line each: no taller than a line of their text (about 20 px) or the close button's 44 px.
      expect(points.height).toBeLessThanOrEqual(24);
      expect(notice.height).toBeLessThanOrEqual(48);
      await expectWhole(demoNotice(page).getByText('Demobutik: inga riktiga köp.', { exact: true }));
      await expectWhole(sellingPoints(page).getByText('Rengjort och testat', { exact: true }));
      const close = await box(closeDemoNotice(page));
      expect(close.width).toBeGreaterThanOrEqual(44);
      expect(close.height).toBeGreaterThanOrEqual(44);
      await expectNoSidewaysScroll(page, `/ at ${width} px`);
    });
  }

  test('the footer breaks the customer-service address after its @ at 320 px, never inside a word', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto('/');
    const address = page.getByRole('contentinfo').getByRole('link', { name: /@/ });
    await address.scrollIntoViewIfNeeded();
    // Each part of the address (before and after the @) lies on one line of its own.
    const linesPerPart = await address.evaluate((link) => {
      const text = link.textContent ?? '';
      const at = text.indexOf('@');
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      const lines = (from: number, to: number) => {
        const range = document.createRange();
        let seen = 0;
        for (const node of nodes) {
          const end = seen + node.length;
          if (from >= seen && from <= end) range.setStart(node, from - seen);
          if (to >= seen && to <= end) range.setEnd(node, to - seen);
          seen = end;
        }
        // A range ending at a line break also has an empty box at the next line's start: only boxes with text count.
        return new Set([...range.getClientRects()].filter((rect) => rect.width > 1).map((rect) => Math.round(rect.top))).size;
      };
      return [lines(0, at + 1), lines(at + 1, text.length)];
    });
    expect(linesPerPart).toEqual([1, 1]);
    await expectNoSidewaysScroll(page, 'the footer at 320 px');
  });

  test('closing the demo notice keeps it closed across a navigation and a reload, for this browser session only', async ({ page, context, baseURL, browser }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
    await page.goto('/');
    await untilHydrated(page);
    await expect(demoNotice(page)).toBeVisible();
    await closeDemoNotice(page).click();
    await expect(demoNotice(page)).toHaveCount(0);
    // A session cookie: the browser forgets it when it closes.
    // The browser's cookie store can answer before the page's document.cookie write reaches it: ask until it has.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'ralph-demo-notice')?.expires).toBe(-1);

    // A card's first link is its picture and name: a navigation inside the app.
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\//, { timeout: 20_000 });
    await expect(demoNotice(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(demoNotice(page)).toHaveCount(0);
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary').filter({ hasText: 'Demo shop: no real purchases.' })).toHaveCount(0);

    // Another session is told again.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(`${baseURL}/`);
    await expect(demoNotice(fresh)).toBeVisible();
    await other.close();
  });

  test('the phone menu has no empty divided row above the customer-type toggle', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Huvudmeny' }).click();
    const menu = page.getByRole('dialog', { name: 'Huvudmeny' });
    await expect(menu.getByRole('link', { name: 'Köpvillkor' })).toBeVisible();
    for (const item of await menu.getByRole('listitem').all()) expect((await item.textContent())?.trim()).not.toBe('');
    const lastRow = await box(menu.getByRole('listitem').last());
    const toggle = await box(menu.getByRole('group', { name: 'Kundtyp' }));
    // The last row's own line is the divider; the toggle follows it with no room for another row between.
    expect(toggle.y - (lastRow.y + lastRow.height)).toBeLessThanOrEqual(20);
  });

  test('the cookie banner leaves the open search and its suggestions usable', async ({ page }) => {
    await page.goto('/');
    await untilHydrated(page);
    const banner = page.getByRole('region', { name: 'Vi använder cookies' });
    await expect(banner).toBeVisible();
    const field = page.getByRole('combobox', { name: 'Sök', includeHidden: true });
    if (!(await field.isVisible())) await page.getByRole('button', { name: 'Öppna sökning' }).click();
    await field.click();
    await expectTappable(field, 'the search field');
    if (isPhone(page)) {
      // A phone's open search covers the whole screen, the banner included.
      const covered = await banner.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return top !== null && !element.contains(top);
      });
      expect(covered, 'the open search covers the banner').toBe(true);
    }
    await field.pressSequentially('zeld');
    const suggestions = page.getByRole('listbox', { name: 'Produkter' }).getByRole('option');
    // The first search waits for Apollo's code and a cold database: slow on a busy machine.
    await expect(suggestions.first()).toContainText('Zelda', { timeout: 30_000 });
    await expect(banner).toBeVisible();
    for (const option of await suggestions.all()) {
      await expectTappable(option, `the suggestion ${await option.textContent()}`);
      // A touch target: the panel's stylesheet comes with its code (search-panel.css), not in the shell's.
      expect((await box(option)).height, 'a suggestion is a touch target').toBeGreaterThanOrEqual(44);
    }
    await expectTappable(page.getByRole('link', { name: /^Visa alla \d+ träffar$/ }), 'see all');
    await suggestions.last().click();
    await expect(page).toHaveURL(/\/p\//, { timeout: 20_000 });
  });
});
