import { expect, test, type Locator, type Page } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { cartWith } from '../support/shop-api';

/**
 * Screenshots of the shop's main pages at the phone's and the desktop's width, saved under
 * test-results/screenshots/ (not committed) for people to look at; each page also checks that every product
 * picture in its first screen is a drawn picture that loaded, never the missing-picture placeholder.
 */

interface Listed {
  name: string;
  canonicalUrl: string;
  skus: { skuId: number; stock: { status: string } }[];
}

/** Every picture inside `scope` that is in the first screen has loaded (and a few are there at all). */
async function expectFirstScreenPictures(page: Page, scope: Locator, atLeast: number) {
  await expect(page.getByRole('img', { name: 'Bild saknas' })).toHaveCount(0);
  // Lazy pictures wait for hydration, which takes a while on a busy machine.
  const loaded = () =>
    scope.evaluate((root) => {
      const inView = [...root.querySelectorAll('img')].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      });
      const pictures = inView.filter((img) => img.src.includes('/images/'));
      return pictures.every((img) => img.complete && img.naturalWidth > 0) ? pictures.length : -1;
    });
  await expect
    .poll(loaded, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(atLeast);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${test.info().project.name}-${name}.png` });
}

test.describe('screenshots', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('home, a category, a product and the open cart', async ({ page, request, context, baseURL }) => {
    // Four pages, each waiting for its pictures.
    test.slow();
    await page.goto('/');
    const bestsellers = page.getByRole('region', { name: 'Mest sålda' });
    await bestsellers.scrollIntoViewIfNeeded();
    await expectFirstScreenPictures(page, page.getByRole('main'), 2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'home');

    const category = page.getByRole('navigation', { name: 'Handla efter kategori' }).getByRole('link', { name: 'Spel' });
    await page.goto((await category.getAttribute('href'))!);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    await cards.first().scrollIntoViewIfNeeded();
    await expectFirstScreenPictures(page, page.getByRole('main'), 1);
    await shoot(page, 'category');

    const res = await request.post('/graphql', {
      data: { query: '{ products(filter: { limit: 40, sort: BESTSELLERS }) { products { name canonicalUrl skus { skuId stock { status } } } } }' },
    });
    const listed = ((await res.json()) as { data: { products: { products: Listed[] } } }).data.products.products;
    const inStock = listed.filter((p) => p.skus.some((s) => s.stock.status === 'IN_STOCK'));
    expect(inStock.length).toBeGreaterThanOrEqual(3);

    await page.goto(inStock[0]!.canonicalUrl);
    await expect(page.getByRole('heading', { level: 1, name: inStock[0]!.name })).toBeVisible();
    await expectFirstScreenPictures(page, page.getByRole('main'), 1);
    await shoot(page, 'product');

    await cartWith(request, context, baseURL ?? '', inStock.slice(0, 3).map((p) => ({ skuId: p.skus.find((s) => s.stock.status === 'IN_STOCK')!.skuId })));
    await page.reload();
    await untilHydrated(page);
    const miniCart = page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });
    await expect(miniCart).toHaveAccessibleName(/3 var/);
    await miniCart.click();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByRole('link', { name: inStock[2]!.name })).toBeVisible();
    await expectFirstScreenPictures(page, panel, 3);
    await shoot(page, 'cart');
  });
});
