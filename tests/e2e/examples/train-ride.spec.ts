import { expect, test } from '../../support/network-fixture';
import { buyableProducts, setStock } from '../../support/shop-api';

/*
 * An example to copy: a shopper on a train. The whole test is on 2G (`test.use`); the tunnel is `net.set('offline')`
 * and the way out of it `net.set('2g')`. See tests/README.md, "Network conditions", for the other presets.
 */

test.use({ network: '2g' });

test('on a train: what goes into the cart in a tunnel reaches the shop after it', async ({ page, context, request, baseURL, net }) => {
  // A first visit at 250 kbps takes a while.
  test.slow();
  // This example's goods: one product of the tests' list that no other spec takes.
  const product = (await buyableProducts(request))[18]!;
  await setStock(request, product.skus[0]!.skuId, 20);
  await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL! }]);
  await page.goto(product.canonicalUrl);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const cart = page.getByRole('dialog', { name: 'Varukorg' });
  await test.step('on 2G the shopper adds the product to the cart', async () => {
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    // The first tap also fetches the shop's client code (45 KiB) at 250 kbps before the cart can answer.
    await expect(cart.getByRole('link', { name: product.name })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
  });

  await test.step('in the tunnel a second one is kept on the phone', async () => {
    await net.set('offline');
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(cart.getByRole('group', { name: `Antal av ${product.name}` })).toContainText('2');
    await expect(cart.getByText('Sparas när du är ansluten igen', { exact: true })).toBeVisible();
  });

  await test.step('out of the tunnel, on 2G again, the cart reaches the shop', async () => {
    await net.set('2g');
    const serverCart = async () => {
      const id = (await context.cookies()).find((cookie) => cookie.name === 'ralph-cart')?.value;
      const res = await request.post('/graphql', { data: { query: 'query ($id: String!) { getCart(id: $id) { items { skuId quantity } } }', variables: { id } } });
      return ((await res.json()) as { data: { getCart: { items: { skuId: number; quantity: number }[] } | null } }).data.getCart?.items;
    };
    // The page replays what it kept once it hears it is online; at 2G that takes a few seconds.
    await expect.poll(serverCart, { timeout: 30_000 }).toEqual([{ skuId: product.skus[0]!.skuId, quantity: 2 }]);
    await expect(cart.getByText('Sparas när du är ansluten igen', { exact: true })).toHaveCount(0);
  });
});
