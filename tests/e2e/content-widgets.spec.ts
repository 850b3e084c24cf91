import { expect, test, type Page } from '@playwright/test';
import { collectErrors, untilHydrated } from '../support/hydration';
import { previewLinkPath } from '../support/shop-api';

async function expectNoSidewaysScroll(page: Page) {
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 640 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
  }
}

test('a page made of widgets: banner, selling points, a product list, category tiles and text, in both languages', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/utvalt');
  await expect(page.getByRole('heading', { level: 1, name: 'Utvalt just nu' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Upptäck/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Fri retur' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Handplockat' });
  await expect(list.getByRole('article')).toHaveCount(4);
  await expect(list.getByRole('link', { name: /Se alla/ })).toHaveAttribute('href', '/l/handplockat');
  await expect(page.getByRole('navigation', { name: 'Hitta rätt kategori' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByText('drivs sedan 2015 av två entusiaster')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/en/featured');
  await expect(page.getByRole('heading', { level: 1, name: 'Featured now' })).toBeVisible();
  const english = page.getByRole('region', { name: 'Hand-picked' });
  await expect(english.getByRole('article')).toHaveCount(4);
  await expect(english.getByRole('link', { name: /See all/ })).toHaveAttribute('href', '/en/l/handplockat');
  await expect(page.getByRole('link', { name: /Discover/ })).toHaveAttribute('href', /^\/en\/c\//);
  // The seeded plain pages are text widgets now, and still read as before.
  await page.goto('/om-oss');
  await expect(page.getByRole('main').getByText(/Spelbutiken startade 2015/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('opened from another page, the home page and a text page fetch their data in the browser, their loaders\' code with it', async ({ page, request }) => {
  // The first routes leave their loaders out: the server's data needs none of them to hydrate.
  expect(await (await request.get('/')).text()).not.toMatch(/home-loader-/);
  expect(await (await request.get('/allt')).text()).not.toMatch(/list-loader-/);
  const errors = collectErrors(page);
  // No prefetching of the linked pages (as on save-data): their loaders' code then comes with the tap.
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', saveData: true }, configurable: true }));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const fetched = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
  await page.goto('/allt');
  await untilHydrated(page);
  // The shown page's loader comes after hydration, for the shopper's next move on it.
  await expect.poll(() => fetched('list-loader')).toBe(true);
  // By the second idle moment, prefetching (were it on) would have asked for the first links' pages: the logo's.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  expect(fetched('HomePage') || fetched('home-loader') || fetched('content-loader')).toBe(false);
  // Gone if a page were loaded as a new document rather than rendered by the router.
  await page.evaluate(() => Object.defineProperty(window, 'listDocument', { value: true }));

  await page.getByRole('banner').getByRole('link', { name: 'Retro Spelbutiken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retrospel och konsoler' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sommarrea 20 %' }).getByText('Kampanj just nu')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mest sålda' }).getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Handla efter kategori' }).getByRole('link')).toHaveCount(3);
  expect(fetched('home-loader')).toBe(true);
  expect(await page.evaluate(() => 'listDocument' in window), 'opened in the same document').toBe(true);

  const footer = page.getByRole('contentinfo');
  // On a phone the footer's menus are folded.
  if (!(await footer.getByRole('link', { name: 'Om oss' }).isVisible())) await footer.getByRole('button', { name: 'Handla' }).click();
  await footer.getByRole('link', { name: 'Om oss' }).click();
  await expect(page.getByRole('main').getByText(/Spelbutiken startade 2015/)).toBeVisible();
  expect(fetched('content-loader')).toBe(true);
  expect(await page.evaluate(() => 'listDocument' in window), 'opened in the same document').toBe(true);
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a widget page and the home page show every section, their product lists\' products included', async ({ page }) => {
    await page.goto('/utvalt');
    await expect(page.getByRole('region', { name: 'Handplockat' }).getByRole('article')).toHaveCount(4);
    for (const card of await page.getByRole('region', { name: 'Handplockat' }).getByRole('article').all()) await expect(card).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hitta rätt kategori' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByText('drivs sedan 2015 av två entusiaster')).toBeVisible();
    await page.goto('/en/featured');
    await expect(page.getByRole('region', { name: 'Hand-picked' }).getByRole('article').first()).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Mest sålda' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Nyheter' }).getByRole('article')).toHaveCount(6);
  });
});

test('a guest finds no trace of an unpublished page; an admin opening a preview link sees it', async ({ page, request }) => {
  for (const path of ['/content/kommer-snart', '/preview-widgets', '/kommer-snart', '/en/content/coming-soon']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(/Sidan finns inte|This page could not be found/).first()).toBeVisible();
    await expect(page.getByText(/Kommer snart|Coming soon|Nyheter på väg/)).toHaveCount(0);
  }

  const response = await page.goto(await previewLinkPath(request));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page).toHaveURL(/\/preview-widgets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Förhandsvisa sidor' })).toBeVisible();
  const draft = page.getByRole('listitem').filter({ hasText: 'Kommer snart' });
  await expect(draft).toContainText('Inte publicerad');
  await draft.getByRole('link', { name: 'Kommer snart' }).click();
  await expect(page).toHaveURL(/\/content\/kommer-snart$/);
  await expect(page.getByRole('status').filter({ hasText: 'Förhandsvisning' })).toBeVisible();
  await expect(page.getByText('Nyheter på väg.')).toBeVisible();
  await page.goto('/en/content/coming-soon');
  await expect(page.getByText('News on the way.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The catch-all serves published pages only, an admin's browser included.
  expect((await page.goto('/kommer-snart'))?.status()).toBe(404);
});

test('a list the shop defines by alias answers under /l/ in both languages; an unknown alias is not found', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/l/handplockat');
  await expect(page.getByRole('heading', { level: 1, name: 'Handplockat' })).toBeVisible();
  await expect(page.locator('main').getByRole('article')).toHaveCount(8);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/en/l/handplockat');
  await expect(page.getByRole('heading', { level: 1, name: 'Hand-picked' })).toBeVisible();
  await expect(page.locator('main').getByRole('article')).toHaveCount(8);
  expect((await page.goto('/l/ingen-sadan-lista'))?.status()).toBe(404);
  await expect(page.getByText('Sidan finns inte').first()).toBeVisible();
  expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
});

test("a page of text alone hydrates without the widgets' code; should it not come where widgets are drawn, the server's page stays", async ({ page, request }) => {
  // What a page asks for before it hydrates is in its head: a page of text alone, none of the widgets' nor the cards'.
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].flatMap(([, href]) => (href ? [href] : []));
  expect(preloads(await (await request.get('/om-oss')).text()).filter((href) => /\/(Widgets|catalog)-/.test(href))).toEqual([]);
  expect(preloads(await (await request.get('/utvalt')).text())).toEqual(expect.arrayContaining([expect.stringMatching(/\/Widgets-/)]));
  await page.goto('/om-oss');
  await untilHydrated(page);
  await expect(page.getByRole('main').getByText(/Spelbutiken startade 2015/)).toBeVisible();

  // The widgets' chunk does not arrive (a deploy replaced it, the signal dropped): the rest of the page hydrates, and
  // the widgets, text included, stay as the server drew them until their code comes.
  await page.route(/\/assets\/Widgets-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/utvalt');
  await untilHydrated(page);
  await expect(page.getByRole('link', { name: /Upptäck/ })).toBeVisible();
  await expect(page.getByText('drivs sedan 2015 av två entusiaster')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Utvalt just nu' })).toBeVisible();
});
