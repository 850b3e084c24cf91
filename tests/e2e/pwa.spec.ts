import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { categoryTreeGetUrl, layoutGetUrl } from '../../src/shared/catalog-queries';
import { channels } from '../../src/shared/locales';
import { offlineCaches } from '../../src/shared/offline-caches';
import { routes } from '../../src/shared/routes';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../support/browser';
import { newBuildProxy } from '../support/new-build-proxy';
import { offline } from '../support/network';
import { buyableProducts, cartWith, setStock } from '../support/shop-api';
import { untilControlled } from '../support/hydration';

// Each test waits for a worker to install (and some for a second one): more than a page test needs.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context, baseURL }) => {
  // The consent banner would cover what the shopper taps; it has its own tests.
  await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
});

/** Paths (with query) a cache of the worker holds. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

test.describe('installable app', () => {
  test('the manifest and the worker meet the install criteria', async ({ page }) => {
    await page.goto('/');
    await untilControlled(page);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(manifestHref!)).json()) as Record<string, unknown> & {
      icons: ManifestIcon[];
      screenshots: ManifestIcon[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Retro Spelbutiken',
      short_name: 'Retro',
      lang: 'sv',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#EE3F6B',
      background_color: '#ffffff',
    });
    expect(String(manifest.description).length).toBeGreaterThan(10);
    const icon = (size: number, purpose: string) => manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    for (const size of [192, 512]) for (const purpose of ['any', 'maskable']) expect(icon(size, purpose), `${size} ${purpose}`).toBeTruthy();
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    // Every picture is there, a PNG, and as large as the manifest says.
    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const pictures = [...manifest.icons, ...manifest.screenshots, { src: appleTouchIcon!, sizes: '180x180', type: 'image/png' }];
    for (const picture of pictures) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, picture.src);
      expect(size, picture.src).toBe(picture.sizes);
      expect((await page.request.get(picture.src)).headers()['content-type'], picture.src).toBe('image/png');
    }
    // The shortcuts lead to the route table's pages, the search and the cart through ?open=.
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([`${routes.home('sv')}?open=search`, `${routes.home('sv')}?open=cart`, routes.favorites('sv')]);
    // iOS reads its own tags instead of the manifest.
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Retro');
  });

  test('the English pages install an English app of its own, opening the English shop', async ({ page }) => {
    // Installability itself (the worker, the icons) is Chromium's verdict below, for both languages.
    await page.goto(routes.home('en'));
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/en/manifest.webmanifest');
    const manifest = (await (await page.request.get(manifestHref!)).json()) as Record<string, unknown> & { shortcuts: { name: string; url: string }[] };
    expect(manifest).toMatchObject({ id: '/en', name: 'Retro Game Shop', short_name: 'Retro', lang: 'en', start_url: '/en', scope: '/en' });
    expect(String(manifest.description)).toMatch(/^Retro games/);
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Search', `${routes.home('en')}?open=search`],
      ['Cart', `${routes.home('en')}?open=cart`],
      ['Favorites', routes.favorites('en')],
    ]);
  });

  test("the installed app's icon is the header logo's mark", async ({ page }) => {
    await page.goto('/');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: ManifestIcon[] };
    // The header's mark, drawn by the browser at the icon's size, against the icon's own pixels.
    const differs = await page.evaluate(async (src) => {
      const mark = document.querySelector('header .logo__mark');
      if (!mark) throw new Error('no logo mark in the header');
      const size = 192;
      const draw = async (url: string) => {
        const image = new Image(size, size);
        image.src = url;
        await image.decode();
        const canvas = new OffscreenCanvas(size, size);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, size, size);
        return context.getImageData(0, 0, size, size).data;
      };
      const svg = new XMLSerializer().serializeToString(mark).replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
      const [logo, icon] = await Promise.all([draw(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`), draw(src)]);
      let off = 0;
      for (let i = 0; i < logo.length; i += 4) if (Math.abs(logo[i]! - icon[i]!) + Math.abs(logo[i + 1]! - icon[i + 1]!) + Math.abs(logo[i + 2]! - icon[i + 2]!) > 60) off++;
      return off / (size * size);
    }, manifest.icons.find((i) => i.purpose === 'any' && i.sizes === '192x192')!.src);
    expect(differs).toBeLessThan(0.01);
  });

  test("Chromium's own verdict: nothing keeps the shop from being installed", async ({ baseURL, viewport, isMobile }) => {
    // A test's context is incognito, where nothing installs: a profile of its own on disk instead.
    const profile = mkdtempSync(join(tmpdir(), 'storefront-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumExecutable(),
      args: CHROMIUM_FLAGS,
      baseURL,
      viewport,
      isMobile,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // Each language's page with its own manifest.
      for (const home of [routes.home('sv'), routes.home('en')]) {
        await page.goto(home);
        await untilControlled(page);
        const cdp = await context.newCDPSession(page);
        const errors = async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors;
        await expect.poll(errors, home).toEqual([]);
        const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
        expect(new URL(manifest.url).pathname).toBe(home === '/' ? '/manifest.webmanifest' : '/en/manifest.webmanifest');
        expect(manifest.errors, home).toEqual([]);
        await cdp.detach();
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('offers "Installera appen" when the browser offers installing, and not once installed', async ({ page }) => {
    await page.goto('/');
    await untilControlled(page);
    const install = page.getByRole('button', { name: 'Installera appen' });
    await expect(install).toHaveCount(0);
    // Headless Chromium never offers installing on its own: the offer is the browser's event, made here.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await expect(install).toBeVisible();
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    // An offer is good for one prompt.
    await expect(install).toHaveCount(0);
  });

  test('on iOS, where Safari never offers installing, explains the way through the Share menu', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Lägg till på hemskärmen' })).toBeVisible();
    await expect(page.getByText('Tryck på Dela och välj Lägg till på hemskärmen.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Installera appen' })).toHaveCount(0);
    await context.close();
  });

  test('the shortcuts open the search and the cart', async ({ page }) => {
    await page.goto('/?open=cart');
    await expect(page.getByRole('dialog', { name: 'Varukorg' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/?open=search');
    await expect(page.getByRole('combobox', { name: 'Sök' })).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('offline from the first visit', () => {
  test('the menus, the category tree and the catalog reads come from the worker', async ({ page, context }) => {
    await page.goto('/');
    await untilControlled(page);
    // Put in at install for both channels: the frame's query and the category tree, at the very URLs the layout
    // loader asks for.
    const channelList = [channels.sv, channels.en];
    const urls = channelList.flatMap((channel) => [layoutGetUrl(channel), categoryTreeGetUrl(channel)]);
    expect(await cachedPaths(page, offlineCaches.catalog)).toEqual(expect.arrayContaining(urls));
    await offline(context);
    for (const channel of channelList) {
      const answer = await page.evaluate(
        async ([layoutUrl, treeUrl]) => {
          const read = async (u: string) => {
            const response = await fetch(u, { headers: { accept: 'application/graphql-response+json,application/json;q=0.9' } });
            return { status: response.status, body: (await response.json()) as { data: { categories?: unknown[]; mainMenu?: { menuItems: unknown[] } } } };
          };
          const [layout, tree] = await Promise.all([read(layoutUrl), read(treeUrl)]);
          return { statuses: [layout.status, tree.status], categories: tree.body.data.categories?.length ?? 0, menu: layout.body.data.mainMenu?.menuItems.length ?? 0 };
        },
        [layoutGetUrl(channel), categoryTreeGetUrl(channel)] as const,
      );
      expect(answer.statuses).toEqual([200, 200]);
      expect(answer.categories).toBeGreaterThan(3);
      expect(answer.menu).toBeGreaterThan(0);
    }
    // The English shop opens offline (its frame's data is there), and switching language works.
    await page.goto(routes.home('en'));
    await expect(page.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
  });

  test("a category never opened answers the shop's offline page in the frame, with the categories and the stored pages", async ({ page, context }) => {
    await page.goto('/');
    await untilControlled(page);
    const homeTitle = await page.title();
    await offline(context);
    await page.goto('/c/spel');
    expect(new URL(page.url()).pathname).toBe('/c/spel');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    // The shop's frame, not a bare page.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // The menu's categories as plain links, which the worker answers even offline.
    const categories = main.getByRole('navigation', { name: 'Kategorier' });
    await expect(categories.getByRole('link', { name: 'Konsoler' })).toBeVisible();
    // The pages stored for offline, by their titles.
    const saved = main.getByRole('region', { name: 'Sidor du kan öppna utan nät' });
    await expect(saved.getByRole('link', { name: homeTitle })).toHaveAttribute('href', '/');
    await categories.getByRole('link', { name: 'Konsoler' }).click();
    await expect(page).toHaveURL(/\/c\/konsoler/);
    await expect(main.getByRole('heading', { level: 1, name: 'Du är offline' })).toBeVisible();
    await saved.getByRole('link', { name: homeTitle }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Du är offline' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a category and a product visited inside the app open offline after a reload', async ({ page, context }) => {
    await page.goto('/');
    await untilControlled(page);
    // The home page's category tiles: links inside the app, whose pages the worker never fetched itself.
    await page.getByRole('main').getByRole('link', { name: 'Konsoler' }).click();
    await expect(page).toHaveURL(/\/c\/konsoler/);
    await expect(page.getByRole('heading', { level: 1, name: 'Konsoler' })).toBeVisible();
    const categoryPath = new URL(page.url()).pathname;
    // Stored once the shopper has stayed on it a moment (each stored page costs the server a render).
    await expect.poll(() => cachedPaths(page, offlineCaches.pages)).toContain(categoryPath);
    const productLink = page.getByRole('main').getByRole('article').first().getByRole('link').first();
    await productLink.click();
    await expect(page).toHaveURL(/\/p\//);
    // The address changes before the product page is drawn: read its heading once the page's offer shows, not the category's.
    await expect(page.getByRole('main').getByRole('status', { name: 'Pris och lagerstatus' })).toBeVisible();
    const productHeading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(productHeading).not.toBe('Konsoler');
    const productPath = new URL(page.url()).pathname;
    // The worker stores pages reached inside the app once the page asks (after the navigation).
    await expect.poll(() => cachedPaths(page, offlineCaches.pages)).toEqual(expect.arrayContaining([categoryPath, productPath]));
    // The product's data was read by GET and kept.
    const catalogKeys = await cachedPaths(page, offlineCaches.catalog);
    expect(catalogKeys.some((key) => key.includes('operationName=ProductPage'))).toBe(true);

    await offline(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: productHeading })).toBeVisible();
    await page.goto(categoryPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Konsoler' })).toBeVisible();
  });

  test('nothing of the cart or the checkout is kept in any cache', async ({ page }) => {
    await page.goto('/');
    await untilControlled(page);
    await page.getByRole('main').getByRole('link', { name: 'Konsoler' }).click();
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\//);
    await page.goto(routes.checkout('sv'));
    await expect(page.getByRole('heading', { name: 'Kassan', level: 1 })).toBeVisible();
    // In the app as well, where the worker is asked to store the page reached.
    await page.getByRole('main').getByRole('link', { name: 'Fortsätt handla' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Kassan', level: 1 })).toBeVisible();
    // Something was stored meanwhile (so the check below looks at real caches).
    await expect.poll(() => cachedPaths(page, offlineCaches.catalog)).toEqual(expect.arrayContaining([expect.stringContaining('operationName=ProductPage')]));
    const everything = await page.evaluate(async () => {
      const keys: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          const url = new URL(request.url);
          keys.push(url.pathname + url.search);
        }
      }
      return keys;
    });
    expect(everything.length).toBeGreaterThan(0);
    const checkoutPaths = [routes.checkout('sv'), routes.checkout('en')];
    expect(everything.filter((key) => checkoutPaths.some((path) => key.split('?')[0] === path))).toEqual([]);
    // The app's own hashed code (/assets/, such as the cart panel's chunk) is the same for everyone: no shopper's data.
    expect(everything.filter((key) => /cart/i.test(key) && !key.startsWith('/assets/'))).toEqual([]);
  });
});

function controllerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage('version?', [channel.port2]);
      }),
  );
}

const hasWaitingWorker = (page: Page) => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

test.describe('updates', () => {
  let proxy: Awaited<ReturnType<typeof newBuildProxy>>;
  test.beforeEach(async ({ baseURL, context }) => {
    proxy = await newBuildProxy(baseURL ?? '');
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: proxy.url }]);
  });
  test.afterEach(async () => proxy.close());

  test('a new version is offered, and reloads into it only when the shopper says so', async ({ page }) => {
    await page.goto(`${proxy.url}/`);
    await untilControlled(page);
    proxy.deploy();
    // Found at start: the next page load asks for a new worker.
    await page.reload();
    await expect.poll(() => hasWaitingWorker(page), { timeout: 20_000 }).toBe(true);
    const prompt = page.getByRole('status').filter({ hasText: 'Det finns en ny version av butiken.' });
    await expect(prompt).toBeVisible();
    // It only waits: the old worker still controls the page until the shopper agrees.
    expect(await controllerVersion(page)).toBe('v1');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Ny version – ladda om' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)).toBe(false);
    await untilControlled(page);
    expect(await controllerVersion(page)).toBe('v2');
    await expect(page.getByRole('button', { name: 'Ny version – ladda om' })).toHaveCount(0);
  });

  test('a version deployed while the shop is open is found when the tab is shown again, without a reload', async ({ page }) => {
    await page.goto(`${proxy.url}/`);
    await untilControlled(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    proxy.deploy();
    // The shopper comes back to the tab: the on-visible check finds the new worker (to workbox-window an
    // "external" one, which it reports through the same waiting event).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const reload = page.getByRole('button', { name: 'Ny version – ladda om' });
    await expect(reload).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await controllerVersion(page)).toBe('v1');
    const reloaded = page.waitForEvent('load');
    await reload.click();
    await reloaded;
    await untilControlled(page);
    expect(await controllerVersion(page)).toBe('v2');
  });

  test('a reload agreed in one tab waits while another tab is in the checkout, then comes once it has left', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await page.goto(`${proxy.url}/`);
    await untilControlled(page);
    // The other tab goes into the checkout inside the app, from the cart, as shoppers do: the worker only knows
    // the address that tab loaded (the home page) unless the tab tells it.
    const product = (await buyableProducts(request))[11];
    await setStock(request, product!.skus[0]!.skuId, 50);
    await cartWith(request, context, proxy.url, [{ skuId: product!.skus[0]!.skuId }]);
    const checkoutTab = await context.newPage();
    await checkoutTab.goto(`${proxy.url}/`);
    const miniCart = checkoutTab.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });
    await expect(miniCart).toHaveAccessibleName(/1 vara i varukorgen/);
    await miniCart.click();
    await checkoutTab.getByRole('link', { name: 'Till kassan' }).click();
    await expect(checkoutTab.getByRole('heading', { name: 'Kassan', level: 1 })).toBeVisible();
    await checkoutTab.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    proxy.deploy();
    await page.reload();
    const reload = page.getByRole('button', { name: 'Ny version – ladda om' });
    await reload.click();
    // The worker refuses to take over under a checkout: this tab says why, the checkout tab stays as it was.
    await expect(page.getByText('Den nya versionen laddas när kassan i en annan flik är klar.')).toBeVisible();
    expect(await controllerVersion(page)).toBe('v1');
    expect(await checkoutTab.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await controllerVersion(checkoutTab)).toBe('v1');
    // The other tab leaves the checkout inside the app; the waiting tab's next ask goes through and it reloads.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    // The logo: the phone's checkout header has no other way back.
    await checkoutTab.getByRole('banner').getByRole('link', { name: 'Retro Spelbutiken' }).click();
    await expect(checkoutTab).toHaveURL(/\/$/);
    await reloaded;
    await untilControlled(page);
    expect(await controllerVersion(page)).toBe('v2');
    // The tab that was in the checkout was never reloaded under the shopper.
    expect(await checkoutTab.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  test('never offers the reload in the checkout, and offers it again once the shopper is back in the shop', async ({ page }) => {
    await page.goto(`${proxy.url}/`);
    await untilControlled(page);
    proxy.deploy();
    await page.goto(`${proxy.url}${routes.checkout('sv')}`);
    await expect(page.getByRole('heading', { name: 'Kassan', level: 1 })).toBeVisible();
    await expect.poll(() => hasWaitingWorker(page), { timeout: 20_000 }).toBe(true);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    // A visibility change asks for updates too; in the checkout it changes nothing.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByRole('button', { name: 'Ny version – ladda om' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await controllerVersion(page)).toBe('v1');
    // Back in the shop (inside the app, no reload), the offer comes.
    await page.getByRole('main').getByRole('link', { name: 'Fortsätt handla' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Ny version – ladda om' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});
