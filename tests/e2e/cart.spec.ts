import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { cartJustOverFreeShipping, cartWith } from '../support/shop-api';

interface Product {
  name: string;
  unitPrice: { sellingPriceIncVat: number };
  skus: { skuId: number; stock: { status: string } }[];
}

/** In-stock products, cheapest first, with the SKU to add. */
async function products(request: APIRequestContext): Promise<{ name: string; price: number; skuId: number }[]> {
  const res = await request.post('/graphql', {
    data: { query: '{ products(filter: { limit: 100, sort: BESTSELLERS }) { products { name unitPrice { sellingPriceIncVat } skus { skuId stock { status } } } } }' },
  });
  const list = ((await res.json()) as { data: { products: { products: Product[] } } }).data.products.products;
  return list
    .flatMap((p) => {
      const sku = p.skus.find((s) => s.stock.status === 'IN_STOCK');
      return sku ? [{ name: p.name, price: p.unitPrice.sellingPriceIncVat, skuId: sku.skuId }] : [];
    })
    .filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i)
    .sort((a, b) => a.price - b.price);
}

/** A SKU sold out but oversellable (stock status OVERSELLABLE: the product page sells it with 'Förbeställ nu'). */
async function preOrderSku(request: APIRequestContext): Promise<{ name: string; skuId: number }> {
  for (let offset = 0; offset < 10_000; offset += 100) {
    const res = await request.post('/graphql', {
      data: {
        query: 'query ($f: FilterInputType) { products(filter: $f) { products { name skus { skuId stock { status } } } } }',
        variables: { f: { limit: 100, offset, sort: 'LATEST' } },
      },
    });
    const page = ((await res.json()) as { data: { products: { products: Product[] } } }).data.products.products;
    for (const p of page) {
      const sku = p.skus.find((s) => s.stock.status === 'OVERSELLABLE');
      if (sku) return { name: p.name, skuId: sku.skuId };
    }
    if (page.length < 100) break;
  }
  throw new Error('The seeded catalog has no oversellable SKU that is sold out');
}

interface CartSums {
  subTotal: { sellingPriceIncVat: number; sellingPriceExVat: number };
  shipping: { amountLeftToFreeShipping: number };
}

const miniCart = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Varukorg|Cart),/ });

/** Opens the cart panel once the page has hydrated and loaded the cart (the mini cart counts its items). */
async function openCart(page: Page, count: RegExp = /\d+ var/) {
  await expect(miniCart(page)).toHaveAccessibleName(count);
  await miniCart(page).click();
  const panel = page.getByRole('dialog', { name: /^(Varukorg|Cart)$/ });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('the cart panel', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('RETRO10 takes its discount off the goods, shows the code in use, and can be removed', async ({ page, context, request, baseURL }) => {
    const [product] = await products(request);
    await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skuId }]);
    await page.goto('/');
    const panel = await openCart(page);
    const total = panel.getByRole('term').filter({ hasText: /^Totalt$/ }).locator('xpath=following-sibling::dd');
    const before = await total.innerText();

    await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('retro10');
    await panel.getByRole('button', { name: 'Använd' }).click();
    await expect(panel.getByText('Aktiv rabattkod: RETRO10')).toBeVisible();
    await expect(panel.getByRole('term').filter({ hasText: 'Rabattkod RETRO10' })).toBeVisible();
    await expect(panel.getByRole('definition').filter({ hasText: /^−\s?\d/ })).toBeVisible();
    await expect(total).not.toHaveText(before);
    await expect(page.getByRole('status').getByText('Rabattkoden RETRO10 är aktiverad')).toBeVisible();

    await panel.getByRole('button', { name: 'Ta bort rabattkoden RETRO10' }).click();
    await expect(panel.getByText('Aktiv rabattkod: RETRO10')).toBeHidden();
    await expect(panel.getByRole('term').filter({ hasText: 'Rabattkod RETRO10' })).toBeHidden();
    await expect(total).toHaveText(before);
  });

  test("the panel's lines failing to load say so in the panel, and a retry brings them", async ({ page, context, request, baseURL }) => {
    const [product] = await products(request);
    await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skuId }]);
    // The panel's body is code of its own: it does not arrive (a dropped link, a version deployed meanwhile).
    const body = /\/assets\/CartPanelBody-[^/]+\.js$/;
    await context.route(body, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    const panel = await openCart(page);
    await expect(panel.getByRole('alert')).toContainText('Varukorgen kunde inte visas');
    // Only the panel is affected: the page around it stays.
    await expect(page.getByRole('main')).toBeVisible();
    await context.unroute(body);
    await panel.getByRole('button', { name: 'Försök igen' }).click();
    await expect(panel.getByText(product!.name)).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Rabattkod' })).toBeVisible();
  });

  test('an unknown code is refused next to the field with the spec text', async ({ page, context, request, baseURL }) => {
    const [product] = await products(request);
    await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skuId }]);
    await page.goto('/');
    const panel = await openCart(page);
    const field = panel.getByRole('textbox', { name: 'Rabattkod' });
    await field.fill('FINNSINTE');
    await field.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('Koden är ej giltig');
    await expect(field).toHaveAccessibleDescription('Koden är ej giltig');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByText(/Aktiv rabattkod/)).toBeHidden();
    // Typing again clears the refusal.
    await field.fill('RETRO');
    await expect(panel.getByRole('alert')).toBeHidden();
  });

  test('SPARA100 below its minimum order is refused with the requirements text', async ({ page, context, request, baseURL }) => {
    // SPARA100 needs 600 kr of goods (promo_codes.min_order_minor); one cheap product is far from it.
    const cheap = (await products(request)).find((p) => p.price < 600)!;
    await cartWith(request, context, baseURL ?? '', [{ skuId: cheap.skuId }]);
    await page.goto('/');
    const panel = await openCart(page);
    const field = panel.getByRole('textbox', { name: 'Rabattkod' });
    await field.fill('SPARA100');
    await panel.getByRole('button', { name: 'Använd' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Du har inte uppfyllt kraven för denna kod');
    await expect(field).toHaveAccessibleDescription('Du har inte uppfyllt kraven för denna kod');
  });

  test('the cart survives a reload and shows the same items in a new tab', async ({ page, context, request, baseURL }) => {
    const [first, second] = await products(request);
    await cartWith(request, context, baseURL ?? '', [{ skuId: first!.skuId }, { skuId: second!.skuId }]);
    await page.goto('/');
    let panel = await openCart(page, /2 varor i varukorgen/);
    await panel.getByRole('group', { name: `Antal av ${first!.name}` }).getByRole('button', { name: 'Öka antal' }).click();
    await expect(panel.getByRole('group', { name: `Antal av ${first!.name}` })).toContainText('2');
    await page.keyboard.press('Escape');

    await page.reload();
    panel = await openCart(page, /3 varor i varukorgen/);
    await expect(panel.getByRole('group', { name: `Antal av ${first!.name}` })).toContainText('2');
    await expect(panel.getByRole('link', { name: second!.name, exact: true })).toBeVisible();

    const tab = await context.newPage();
    await tab.goto('/');
    const other = await openCart(tab, /3 varor i varukorgen/);
    await expect(other.getByRole('link', { name: first!.name, exact: true })).toBeVisible();
    await expect(other.getByRole('group', { name: `Antal av ${first!.name}` })).toContainText('2');
    await expect(other.getByRole('group', { name: `Antal av ${second!.name}` })).toContainText('1');
  });

  test('"Till kassan" goes to /kassan and closes the panel; the English one to /en/checkout', async ({ page, context, request, baseURL }) => {
    const [product] = await products(request);
    await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skuId }]);
    await page.goto('/en');
    const english = await openCart(page, /1 item in your cart/);
    await expect(english.getByRole('link', { name: 'To checkout' })).toHaveAttribute('href', '/en/checkout');

    await page.goto('/');
    const panel = await openCart(page, /1 vara i varukorgen/);
    const checkout = panel.getByRole('link', { name: 'Till kassan' });
    await expect(checkout).toHaveAttribute('href', '/kassan');
    let documents = 0;
    page.on('request', (request) => void (request.resourceType() === 'document' && (documents += 1)));
    await checkout.click();
    await expect(page).toHaveURL(/\/kassan$/);
    await expect(panel).toBeHidden();
    // Opened in the page, the checkout brings its own stylesheet with its code (the home page's HTML had none of it):
    // its sections' frames are the checkout's.
    await expect(page.getByRole('region', { name: 'Din varukorg' })).toHaveCSS('border-top-width', '1px');
    expect(documents).toBe(0);
  });

  test('a pre-ordered line says on the line that delivery time may be affected, in the panel and the checkout', async ({ page, context, request, baseURL }) => {
    const preOrder = await preOrderSku(request);
    const [plain] = await products(request);
    await cartWith(request, context, baseURL ?? '', [{ skuId: preOrder.skuId }, { skuId: plain!.skuId }]);
    const line = (scope: Locator, name: string) => scope.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await page.goto('/');
    const panel = await openCart(page, /2 varor i varukorgen/);
    await expect(line(panel, preOrder.name)).toContainText('Förbeställd: leveranstiden kan påverkas.');
    await expect(line(panel, plain!.name)).not.toContainText('leveranstiden');

    await page.goto('/kassan');
    const checkoutCart = page.getByRole('region', { name: 'Din varukorg' });
    await expect(line(checkoutCart, preOrder.name)).toContainText('Förbeställd: leveranstiden kan påverkas.');
    await expect(line(checkoutCart, plain!.name)).not.toContainText('leveranstiden');

    await page.goto('/en');
    const english = await openCart(page, /2 items in your cart/);
    await expect(english.getByText('Pre-ordered: delivery time may be affected.')).toHaveCount(1);
  });

  test('a discount code that costs the free shipping says so, and the saving is what the order really saves', async ({ page, context, request, baseURL }) => {
    const { sellingMinor, regularMinor } = await cartJustOverFreeShipping(request, context, baseURL ?? '');
    const discountMinor = Math.round(sellingMinor / 10);
    const netMinor = discountMinor - 4_900;
    await page.goto('/');
    const panel = await openCart(page);
    await expect(panel.getByText('Du har fri frakt!')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('RETRO10');
    await panel.getByRole('button', { name: 'Använd' }).click();
    await expect(panel.getByText('Aktiv rabattkod: RETRO10')).toBeVisible();
    const sum = (term: string | RegExp) => panel.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
    await expect(sum('Rabattkod RETRO10').first()).toHaveText(`−${formatMoney(discountMinor, 'sv')}`);
    // Told under the code's discount: the fee it brought back and what it saves on the whole order.
    const effect = `Koden tar varorna under gränsen för fri frakt, så frakten på 49 kr tillkommer. Med koden sparar du ${formatMoney(netMinor, 'sv')} totalt.`;
    await expect(sum('Rabattkod RETRO10').nth(1)).toHaveText(effect);
    await expect(sum(/^Frakt$/)).toHaveText('49 kr');
    // 'Du sparar' is the campaigns' saving and the code's net one, not the code's whole discount.
    await expect(sum(/^Du sparar$/)).toHaveText(formatMoney(regularMinor - sellingMinor + netMinor, 'sv'));

    await page.goto('/en');
    const english = await openCart(page, /1 item|\d+ items/);
    await expect(english.getByText(`so SEK 49 shipping is added. With the code you save ${formatMoney(netMinor, 'en')} in all.`)).toBeVisible();
  });

  test('the totals are never under the checkout button: each comes into view as the panel scrolls, uncovered', async ({ page, context, request, baseURL }) => {
    // Enough lines that the panel scrolls at 360 px and at 1360 px (the phone and desktop projects).
    const lines = (await products(request)).slice(0, 6);
    expect(lines).toHaveLength(6);
    await cartWith(request, context, baseURL ?? '', lines.map((p) => ({ skuId: p.skuId })));
    await page.goto('/');
    const panel = await openCart(page, /6 varor i varukorgen/);
    const checkout = panel.getByRole('link', { name: 'Till kassan' });
    await expect(checkout).toBeInViewport({ ratio: 1 });
    for (const term of ['Delsumma', 'Frakt', 'Totalt', 'Varav moms']) {
      const row = panel.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=..');
      // As a shopper scrolling down meets it: at the foot of what the panel shows.
      await row.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await expect(row, term).toBeInViewport({ ratio: 1 });
      // Nothing is drawn over it: what is on top at its corners and its middle belongs to the row.
      const uncovered = await row.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const xs = [box.left + 2, box.left + box.width / 2, box.right - 2];
        const ys = [box.top + 2, box.top + box.height / 2, box.bottom - 2];
        return xs.every((x) => ys.every((y) => el.contains(document.elementFromPoint(x, y))));
      });
      expect(uncovered, `${term} is covered`).toBe(true);
      await expect(checkout).toBeInViewport({ ratio: 1 });
    }
  });

  test('totals show VAT included by default, and ex VAT with the "exkl. moms" label when the toggle is off', async ({ page, context, request, baseURL }) => {
    const [product] = await products(request);
    const id = await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skuId }]);
    // What is left to free shipping, with VAT and in the goods' VAT proportion without it.
    const res = await request.post('/graphql', {
      data: {
        query: 'query ($id: String!) { getCart(id: $id) { summary { subTotal { sellingPriceIncVat sellingPriceExVat } shipping { amountLeftToFreeShipping } } } }',
        variables: { id },
      },
    });
    const { summary } = ((await res.json()) as { data: { getCart: { summary: CartSums } } }).data.getCart;
    const leftMinor = Math.round(summary.shipping.amountLeftToFreeShipping * 100);
    expect(leftMinor).toBeGreaterThan(0);
    const leftExMinor = Math.round((leftMinor * summary.subTotal.sellingPriceExVat) / summary.subTotal.sellingPriceIncVat);
    await page.goto('/');
    let panel = await openCart(page);
    await expect(panel.getByRole('term').filter({ hasText: /^Varav moms$/ })).toBeVisible();
    await expect(panel.getByText('exkl. moms')).toHaveCount(0);
    await expect(panel.getByText(/kvar till fri frakt$/)).toHaveText(`${formatMoney(leftMinor, 'sv')} kvar till fri frakt`);

    // The toggle persists in the state cookie; a business customer's choice is remembered like this.
    const state = JSON.stringify({ favorites: [], customerType: 'ORGANIZATION', vatIncluded: false, listRelocate: null });
    await context.addCookies([{ name: 'ralph-state', value: encodeURIComponent(state), url: baseURL ?? '' }]);
    await page.reload();
    panel = await openCart(page);
    await expect(panel.getByRole('term').filter({ hasText: /^Moms$/ })).toBeVisible();
    await expect(panel.getByRole('term').filter({ hasText: 'Att betala inkl. moms' })).toBeVisible();
    await expect(panel.getByRole('definition').filter({ hasText: 'exkl. moms' })).toHaveCount(2);
    // The amount left to free shipping follows the toggle like every other sum.
    await expect(panel.getByText(/kvar till fri frakt$/)).toHaveText(`${formatMoney(leftExMinor, 'sv')} exkl. moms kvar till fri frakt`);
  });
});
