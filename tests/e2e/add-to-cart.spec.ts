import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { untilHydrated } from '../support/hydration';

interface Sku {
  skuId: number;
  name: string;
  stock: { status: string; totalStock: number };
}
interface Product {
  name: string;
  canonicalUrl: string;
  stock: { status: string };
  skus: Sku[];
}

async function catalog(request: APIRequestContext): Promise<Product[]> {
  const res = await request.post('/graphql', {
    data: { query: '{ products(filter: { limit: 100, sort: BESTSELLERS }) { products { name canonicalUrl stock { status } skus { skuId name stock { status totalStock } } } } }' },
  });
  return ((await res.json()) as { data: { products: { products: Product[] } } }).data.products.products;
}

const miniCart = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });

test.describe('adding to the cart while browsing', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('a chosen variant goes into the cart panel, and the mini cart keeps it after a reload', async ({ page, request }) => {
    const products = await catalog(request);
    const product = products.find((p) => p.skus.length > 1 && p.skus.some((s) => s.stock.status === 'IN_STOCK'))!;
    const sku = product.skus.find((s) => s.stock.status === 'IN_STOCK')!;
    await page.goto(product.canonicalUrl);
    // A variant chosen before hydration would be set back to the page's first choice.
    await untilHydrated(page);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, Varukorgen är tom');
    await page.getByRole('radio', { name: new RegExp(`^${sku.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).check();
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByRole('link', { name: product.name })).toBeVisible();
    await expect(panel.getByText(sku.name, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await page.reload();
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
  });

  test('quick add on a list card for a single-SKU product, and the stepper changes the quantity', async ({ page, request }) => {
    const products = await catalog(request);
    const product = products.find((p) => p.skus.length === 1 && p.stock.status === 'IN_STOCK')!;
    await page.goto('/s/' + encodeURIComponent(product.name));
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) }).first();
    await card.getByRole('button', { name: `Köp ${product.name}` }).click();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByRole('link', { name: product.name })).toBeVisible();
    await panel.getByRole('button', { name: 'Öka antal' }).click();
    await expect(panel.getByRole('group', { name: `Antal av ${product.name}` })).toContainText('2');
    await panel.getByRole('button', { name: 'Ta bort' }).click();
    await expect(panel.getByText('Din varukorg är tom.')).toBeVisible();
  });

  test('a card far down a list quick-adds too: the cards past the first screen hydrate after the page', async ({ page }) => {
    await page.goto('/allt');
    await untilHydrated(page);
    // Past the first four cards, which hydrate with the page (ProductCard.tsx's ProductGrid): the first one after
    // them that quick-adds (one SKU, in stock).
    const cards = page.getByRole('article');
    const quickAdd = async (i: number) => (await cards.nth(i).getByRole('button', { name: /^Köp / }).count()) > 0;
    let at = 4;
    while (at < (await cards.count()) && !(await quickAdd(at))) at++;
    expect(at, 'a card past the first four that quick-adds').toBeLessThan(await cards.count());
    const later = cards.nth(at);
    const name = (await later.getByRole('heading').textContent())!;
    await later.scrollIntoViewIfNeeded();
    await later.getByRole('button', { name: `Köp ${name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Varukorg' }).getByRole('link', { name })).toBeVisible();
  });

  test('the cart refuses more than the stock with the spec text', async ({ page, request }) => {
    const products = await catalog(request);
    const product = products.find((p) => p.skus.length === 1 && p.skus[0]!.stock.status === 'FEW_LEFT')!;
    const stock = product.skus[0]!.stock.totalStock;
    await page.goto(product.canonicalUrl);
    const add = page.getByRole('button', { name: 'Lägg i varukorgen' });
    for (let i = 0; i < stock; i++) {
      await add.click();
      await expect(page.getByRole('dialog', { name: 'Varukorg' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(miniCart(page)).toHaveAccessibleName(new RegExp(`^Varukorg, ${i + 1} var`));
    }
    await add.click();
    await expect(page.getByRole('status').getByText(`Du kan inte addera flera då du redan har ${stock} i varukorgen`)).toBeVisible();
  });
});
