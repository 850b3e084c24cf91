import { expect, test } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { axeViolations, describeViolations } from '../support/axe';

// axe-core is injected as a script, which the shop's CSP (nonce'd scripts only) would refuse.
test.use({ bypassCSP: true });

const pages = [
  { name: 'home', path: '/' },
  { name: 'English home', path: '/en' },
  { name: 'all products list', path: '/allt' },
  { name: 'category list', path: '/c/nintendo/nes' },
  { name: 'search results', path: '/s/zelda' },
  { name: 'brands', path: '/varumarken' },
];

test.describe('accessibility: no serious or critical axe violations', () => {
  for (const { name, path } of pages) {
    test(name, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
    });
  }

  test('product page, with the variant error and the back-in-stock form showing where they apply', async ({ page, request }) => {
    const answer = await request.post('/graphql', {
      data: { query: '{ products(filter: { sort: BESTSELLERS, limit: 1 }) { products { canonicalUrl } } }' },
    });
    const { data } = (await answer.json()) as { data: { products: { products: { canonicalUrl: string }[] } } };
    const url = data.products.products[0]?.canonicalUrl ?? '/';
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
  });

  test('open search with suggestions, and the open menu panel', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Sök', includeHidden: true });
    const phone = (page.viewportSize()?.width ?? 0) < 768;
    await expect(async () => {
      if (phone && !(await box.isVisible())) await page.getByRole('button', { name: 'Öppna sökning' }).click();
      await box.click();
      await expect(box).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
    await box.fill('zeld');
    await expect(page.getByRole('listbox', { name: 'Produkter' }).getByRole('option').first()).toBeVisible({ timeout: 15_000 });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await box.press('Escape');
    if ((page.viewportSize()?.width ?? 0) < 1024) {
      await page.getByRole('button', { name: 'Huvudmeny' }).click();
      await expect(page.getByRole('dialog', { name: 'Huvudmeny' })).toBeVisible();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
    }
  });

  test('open cart panel with items, a refused discount code and the totals', async ({ page, context, request, baseURL }) => {
    const answer = await request.post('/graphql', {
      data: { query: '{ products(filter: { sort: BESTSELLERS, limit: 20 }) { products { skus { skuId stock { status } } } } }' },
    });
    const { data } = (await answer.json()) as { data: { products: { products: { skus: { skuId: number; stock: { status: string } }[] }[] } } };
    const skuId = data.products.products.flatMap((p) => p.skus).find((s) => s.stock.status === 'IN_STOCK')?.skuId;
    const added = await request.post('/graphql', {
      data: { query: 'mutation ($item: CartItemInputType!) { addToCart(id: "", item: $item) { id } }', variables: { item: { skuId, quantity: 2 } } },
    });
    const cartId = ((await added.json()) as { data: { addToCart: { id: string } } }).data.addToCart.id;
    await context.addCookies([
      { name: 'ralph-cart', value: cartId, url: baseURL ?? '' },
      { name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' },
    ]);
    await page.goto('/');
    await untilHydrated(page);
    const miniCart = page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });
    await expect(miniCart).toHaveAccessibleName('Varukorg, 2 varor i varukorgen');
    await miniCart.click();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('FINNSINTE');
    await panel.getByRole('button', { name: 'Använd' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Koden är ej giltig');
    expect(describeViolations(await axeViolations(page))).toEqual([]);
  });
});
