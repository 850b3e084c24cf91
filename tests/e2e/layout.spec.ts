import { expect, test, type Page } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { PHONE_ONLY } from '../support/projects';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

test.describe('the default layout', () => {
  test.beforeEach(async ({ context, baseURL }, testInfo) => {
    // The consent banner has its own test; elsewhere it would cover what the shopper taps.
    if (!testInfo.title.includes('cookie banner')) {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
    }
  });

  test('the main menu leads through three levels to a category', async ({ page }) => {
    await page.goto('/');
    await untilHydrated(page);
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Huvudmeny' }).click();
      const panel = page.getByRole('dialog', { name: 'Huvudmeny' });
      await panel.getByRole('button', { name: 'Spel' }).click();
      await expect(panel.getByRole('link', { name: 'Visa allt inom Spel' })).toBeVisible();
      await panel.getByRole('button', { name: 'Nintendo' }).click();
      await panel.getByRole('link', { name: 'NES', exact: true }).click();
      await expect(panel).toBeHidden();
    } else {
      const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
      await nav.getByRole('link', { name: 'Spel', exact: true }).hover();
      await expect(nav.getByRole('link', { name: 'Visa allt inom Spel' })).toBeVisible();
      await nav.getByRole('link', { name: 'NES', exact: true }).click();
    }
    await expect(page).toHaveURL(/\/c\/.*nes/);
    await expect(page.getByRole('heading', { level: 1, name: 'NES' })).toBeVisible();
  });

  test('submenus open by tap and keyboard, with their state announced', async ({ page }) => {
    await page.goto('/');
    // The menu button opens its panel once the page has hydrated: a tap before that did nothing on a busy machine.
    await untilHydrated(page);
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Huvudmeny' }).click();
      const toggle = page.getByRole('dialog', { name: 'Huvudmeny' }).getByRole('button', { name: 'Konsoler' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'Visa allt inom Konsoler' })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('link', { name: 'Visa allt inom Konsoler' })).toBeHidden();
    } else {
      const toggle = page.getByRole('button', { name: 'Visa undermeny för Konsoler' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'Visa allt inom Konsoler' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    }
  });

  test('the customer-type toggle and the VAT toggle change every price and persist', async ({ page }) => {
    await page.goto('/allt');
    await untilHydrated(page);
    const prices = page.locator('.product-card .price');
    await expect(prices.first()).toBeVisible();
    const incVat = await prices.first().locator('.price__selling').textContent();
    await expect(page.getByText('exkl. moms')).toHaveCount(0);

    const business = isPhone(page)
      ? async () => {
          await page.getByRole('button', { name: 'Huvudmeny' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Företag' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Stäng' }).click();
        }
      : () => page.getByRole('banner').getByRole('button', { name: 'Företag' }).click();
    await business();
    const cards = await prices.count();
    await expect(page.locator('.product-card .price__vat')).toHaveCount(cards);
    const exVat = await prices.first().locator('.price__selling').textContent();
    expect(exVat).not.toBe(incVat);

    await page.reload();
    await untilHydrated(page);
    await expect(page.locator('.product-card .price__vat')).toHaveCount(cards);
    const vatSwitch = page.getByRole('switch', { name: 'Visa priser inkl. moms' });
    await expect(vatSwitch).toHaveAttribute('aria-checked', 'false');
    await vatSwitch.click();
    await expect(vatSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('.product-card .price__vat')).toHaveCount(0);
    await expect(prices.first().locator('.price__selling')).toHaveText(incVat ?? '');
  });

  test('favorites are counted in the header and survive a reload', async ({ page }) => {
    await page.goto('/');
    const favorites = page.getByRole('banner').getByRole('link', { name: /^Favoriter/ });
    await expect(favorites).toHaveAccessibleName('Favoriter');
    const first = page.getByRole('article').first();
    const heart = first.getByRole('button', { name: /i favoriter$/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    // The server draws the hearts; they answer once the page has hydrated (a busy machine takes a while).
    await untilHydrated(page);
    await heart.click();
    await expect(first.getByRole('button', { name: /från favoriter$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(favorites).toHaveAccessibleName('Favoriter, 1 produkt');
    await page.getByRole('article').nth(1).getByRole('button', { name: /i favoriter$/ }).click();
    await expect(favorites).toHaveAccessibleName('Favoriter, 2 produkter');
    await page.reload();
    await expect(favorites).toHaveAccessibleName('Favoriter, 2 produkter');
    await expect(page.getByRole('article').first().getByRole('button', { name: /från favoriter$/ })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the cookie banner shows until a choice is stored', { tag: PHONE_ONLY }, async ({ page, context }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Vi använder cookies' });
    await expect(banner).toBeVisible();
    // The server draws the banner; its buttons answer once the page has hydrated (a busy machine takes a while).
    await untilHydrated(page);
    await banner.getByRole('button', { name: 'Avböj' }).click();
    await expect(banner).toBeHidden();
    // The browser's cookie store can answer before the page's document.cookie write reaches it: ask until it has.
    const consent = () => context.cookies().then((all) => all.find((c) => c.name === 'ralph-cookie-consent'));
    await expect.poll(async () => (await consent())?.value).toBe('false');
    expect((await consent())?.path).toBe('/');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mest sålda' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('the mini cart opens the cart panel and Escape closes it', async ({ page }) => {
    await page.goto('/en');
    await untilHydrated(page);
    await page.getByRole('button', { name: /^Cart,/ }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('the footer menus are accordions on phones and open columns on wider screens', async ({ page }) => {
    await page.goto('/');
    // A tap before hydration opens nothing.
    await untilHydrated(page);
    const footer = page.getByRole('contentinfo');
    const firstColumn = footer.getByRole('navigation').first();
    const link = firstColumn.getByRole('link').first();
    if ((page.viewportSize()?.width ?? 0) < 768) {
      const toggle = firstColumn.getByRole('button');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(link).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(firstColumn.getByRole('button')).toHaveCount(0);
    }
    await expect(link).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Instagram (öppnas i ny flik)' })).toHaveAttribute('target', '_blank');
    await expect(footer.getByText('Faktura')).toBeVisible();
  });

  test("the footer names one customer-service address and links to the shop's own social profiles", { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const mailLinks = await footer.locator('a[href^="mailto:"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // The contact block and the 'Mejla oss' menu entry.
    expect(mailLinks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mailLinks)).toEqual(new Set(['mailto:kundtjanst@retrospelbutiken.example']));
    await expect(footer.getByRole('link', { name: 'kundtjanst@retrospelbutiken.example' })).toBeVisible();
    for (const [network, profile] of [
      ['instagram', 'https://www.instagram.com/retrospelbutiken'],
      ['facebook', 'https://www.facebook.com/retrospelbutiken'],
      ['youtube', 'https://www.youtube.com/@retrospelbutiken'],
    ]) {
      const hrefs = await footer.locator(`a[href*="${network}.com"]`).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      // The icon and the 'Följ oss' menu entry.
      expect(hrefs, network).toEqual([profile, profile]);
    }
  });

  test('the English about page names the English shop', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/en/about-us');
    const main = page.getByRole('main');
    await expect(main).toContainText('Retro Game Shop started in 2015');
    await expect(main).not.toContainText('Retro Spelbutiken');
  });

  test('the header hides while scrolling down and returns on the way up', async ({ page }) => {
    await page.goto('/allt');
    const header = page.getByRole('banner');
    await expect(header).toBeInViewport();
    // Quick-add buttons are enabled once the page has hydrated, i.e. once the scroll listener is attached.
    await expect(page.getByRole('button', { name: /^Köp / }).first()).toBeEnabled();
    await page.mouse.wheel(0, 1500);
    await expect(header).not.toBeInViewport();
    await page.mouse.wheel(0, -400);
    await expect(header).toBeInViewport();
  });
});
