import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { untilControlled, untilHydrated } from '../support/hydration';
import { offline, online } from '../support/network';
import { buyableProducts, cartWith, setStock, type CatalogProduct } from '../support/shop-api';

/*
 * What the cart tells the shopper when the server corrected it, when sums cannot be known yet, and about codes:
 * the stock corrections a page load's getCart makes, the sums of a cart whose changes wait offline, a gift card
 * typed into the discount code field, and the code forms at the checkout on the smallest phones.
 */

const miniCart = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ });
const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Varukorg' });
/** The snackbar's message with this text (other live regions are status too). */
const told = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const sum = (scope: ReturnType<typeof cartPanel>, term: string) =>
  scope.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');

/** Goods of this test's own (per viewport, since tests run side by side), restocked. */
async function goods(request: APIRequestContext, slot: number, count: number): Promise<CatalogProduct[]> {
  // From the far end of the list (this spec's share, see buyableProducts), none shared between tests.
  const all = (await buyableProducts(request)).reverse();
  const start = slot * 2;
  const picked = all.slice(start, start + count);
  if (picked.length < count) throw new Error(`Too few buyable products in the catalog (${all.length})`);
  for (const product of picked) await setStock(request, product.skus[0]!.skuId, 20);
  return picked;
}

/** Waits for the page's own getCart answer from the server (not a cached copy). */
const cartAnswer = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/graphql') && response.request().postDataJSON()?.operationName === 'Cart');

test.describe('cart notices', () => {
  // Pages that wait for the cart, the worker and replays: more steps than most specs.
  test.slow();

  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('stock that fell since the last visit is told once on the next page load: snackbar, line note, checkout', async ({ page, context, request, baseURL }) => {
    const [lowered, soldOut] = await goods(request, 0, 2);
    await cartWith(request, context, baseURL ?? '', [
      { skuId: lowered!.skus[0]!.skuId, quantity: 3 },
      { skuId: soldOut!.skus[0]!.skuId, quantity: 1 },
    ]);
    await setStock(request, lowered!.skus[0]!.skuId, 1);
    await setStock(request, soldOut!.skus[0]!.skuId, 0);

    await page.goto('/');
    const changed = /Antalet i varukorgen har ändrats till 1/;
    const removed = `${soldOut!.name} är slut i lager och har tagits bort från varukorgen`;
    // The cart is read once Apollo's code has loaded after hydration (a while on a busy machine).
    await expect(told(page, changed)).toContainText(removed, { timeout: 30_000 });
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');

    await miniCart(page).click();
    const panel = cartPanel(page);
    const line = panel.getByRole('listitem').filter({ has: page.getByRole('link', { name: lowered!.name }) });
    await expect(line).toContainText(changed);
    await expect(panel.getByText(removed)).toBeVisible();

    // The checkout, reached from the panel, shows the same notes.
    await panel.getByRole('link', { name: 'Till kassan' }).click();
    const checkoutCart = page.getByRole('region', { name: 'Din varukorg' });
    await expect(checkoutCart.getByRole('listitem').filter({ has: page.getByRole('link', { name: lowered!.name }) })).toContainText(changed);
    await expect(checkoutCart.getByText(removed)).toBeVisible();

    // Told once: the next load reads the corrected cart and says nothing more.
    const answered = cartAnswer(page);
    await page.goto('/');
    await answered;
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await miniCart(page).click();
    await expect(cartPanel(page).getByRole('link', { name: lowered!.name })).toBeVisible();
    await expect(cartPanel(page).getByText(changed)).toHaveCount(0);
    await expect(cartPanel(page).getByText(removed)).toHaveCount(0);
    await expect(told(page, changed)).toHaveCount(0);
  });

  test('offline, the sums that depend on the server are pending: no free-shipping promise for a small cart', async ({ page, context, request }) => {
    const [product] = await goods(request, 1, 1);
    await page.goto('/');
    // The worker takes a while to install on a busy machine.
    await untilControlled(page);
    await page.goto(product!.canonicalUrl);
    await untilHydrated(page);
    await offline(context);

    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    const panel = cartPanel(page);
    await expect(panel.getByRole('link', { name: product!.name })).toBeVisible();
    await expect(sum(panel, 'Frakt')).toHaveText('Räknas ut när du är ansluten igen');
    await expect(sum(panel, 'Totalt')).toHaveText('Räknas ut när du är ansluten igen');
    await expect(panel.getByText(/fri frakt/i)).toHaveCount(0);

    // Back online the change is saved and the server's sums return: this cheap cart pays for shipping.
    await online(context);
    await expect(sum(panel, 'Frakt')).toHaveText(/^\d+\skr$/);
    await expect(sum(panel, 'Frakt')).not.toHaveText('0 kr');
    await expect(sum(panel, 'Totalt')).toHaveText(/^[\d\s]+kr$/);
  });

  test('the discount code field takes a gift card, and tells an expired one as such', async ({ page, context, request, baseURL }) => {
    const [product] = await goods(request, 2, 1);
    await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skus[0]!.skuId }]);
    await page.goto('/');
    await untilHydrated(page);
    await expect(miniCart(page)).toHaveAccessibleName('Varukorg, 1 vara i varukorgen');
    await miniCart(page).click();
    const panel = cartPanel(page);
    const field = panel.getByRole('textbox', { name: 'Rabattkod' });

    await field.fill('PRESENTKORTUTGANGET');
    await field.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('Presentkortet är ogiltigt eller förbrukat');
    await expect(field).toHaveAccessibleDescription('Presentkortet är ogiltigt eller förbrukat');

    await field.fill('presentkort100');
    await field.press('Enter');
    await expect(told(page, 'Presentkortet PRESENTKORT100 används för ditt köp')).toBeVisible();
    await expect(panel.getByRole('term').filter({ hasText: 'Presentkort PRESENTKORT100' })).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);

    await field.fill('FINNSINTE');
    await field.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('Koden är ej giltig');
  });

  for (const width of [320, 360]) {
    // The width is set here: the phone project checks both narrow widths.
    test(`the checkout's code forms keep their button beside the field at ${width} px, one word for it, apart from each other`, async ({ page, context, request, baseURL }) => {
      await page.setViewportSize({ width, height: 720 });
      const [product] = await goods(request, width === 320 ? 3 : 4, 1);
      await cartWith(request, context, baseURL ?? '', [{ skuId: product!.skus[0]!.skuId }]);
      for (const [path, region, labels, word] of [
        ['/kassan', 'Din varukorg', ['Rabattkod', 'Presentkort'], 'Använd'],
        ['/en/checkout', 'Your cart', ['Discount code', 'Gift card'], 'Apply'],
      ] as const) {
        await page.goto(path);
        await untilHydrated(page);
        const cart = page.getByRole('region', { name: region });
        // The checkout shows its form once the client's code has loaded (a while on a busy machine).
        await expect(cart.getByRole('textbox', { name: labels[0], exact: true })).toBeVisible({ timeout: 30_000 });
        const boxes = [];
        for (const label of labels) {
          const field = cart.getByRole('textbox', { name: label, exact: true });
          const form = cart.locator('form').filter({ has: page.getByRole('textbox', { name: label, exact: true }) });
          const button = form.getByRole('button');
          await expect(button).toHaveText(word);
          const [f, b, whole] = [await field.boundingBox(), await button.boundingBox(), await form.boundingBox()];
          // Beside: the button's row is the field's, and it ends inside the screen.
          expect(Math.abs(b!.y - f!.y)).toBeLessThan(4);
          expect(b!.x).toBeGreaterThan(f!.x + f!.width);
          expect(b!.x + b!.width).toBeLessThanOrEqual(width);
          expect(b!.height).toBeGreaterThanOrEqual(44);
          boxes.push(whole!);
        }
        // The second form's label keeps a clear space from the first form's field.
        expect(boxes[1]!.y - (boxes[0]!.y + boxes[0]!.height)).toBeGreaterThanOrEqual(12);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  }
});
