import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { VALID_PERSON } from '../../src/server/modules/checkout/sample-customer';

/** The staff account the e2e server is started with (playwright.config.ts); a test-only password. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export interface CatalogProduct {
  name: string;
  canonicalUrl: string;
  skus: { skuId: number; name: string; stock: { status: string; totalStock: number; oversellable: boolean } }[];
}

/** Single-SKU products in stock that cannot be oversold, cheapest first: the checkout tests' goods. */
export async function buyableProducts(request: APIRequestContext): Promise<CatalogProduct[]> {
  const data = await graphql<{ products: { products: CatalogProduct[] } }>(
    request,
    '{ products(filter: { limit: 100, sort: LOWEST_PRICE }) { products { name canonicalUrl skus { skuId name stock { status totalStock oversellable } } } } }',
  );
  return data.products.products.filter((p) => p.skus.length === 1 && p.skus[0]!.stock.status === 'IN_STOCK' && !p.skus[0]!.stock.oversellable);
}

/**
 * Sets a SKU's stock through the admin API, so a test that buys never depends on what earlier tests (or
 * retries) left on the shelf.
 */
export async function setStock(request: APIRequestContext, skuId: number, stock: number): Promise<void> {
  const { adminLogin } = await graphql<{ adminLogin: { token: string } }>(
    request,
    'mutation($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
    E2E_ADMIN,
  );
  await graphql(request, 'mutation($skuId: Int!, $stock: Int!) { setSkuStock(skuId: $skuId, stock: $stock) { skuId } }', { skuId, stock }, adminLogin.token);
}

/** A cart made through the API and handed to the browser in the cart cookie, as a returning shopper has. */
export async function cartWith(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  items: readonly { skuId: number; quantity?: number }[],
): Promise<string> {
  let id = '';
  for (const { skuId, quantity = 1 } of items) {
    const { addToCart } = await graphql<{ addToCart: { id: string } }>(
      request,
      'mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }',
      { id, item: { skuId, quantity } },
    );
    id = addToCart.id;
  }
  await context.addCookies([{ name: 'ralph-cart', value: id, url: baseURL }]);
  return id;
}

/**
 * Places an order for a cart with a valid checkout form, as the checkout page would, and returns where the test
 * payment provider sends the shopper: the order confirmation (with the order's token), or the failure page.
 */
export async function placeOrder(request: APIRequestContext, cartId: string, checkout: Record<string, unknown> = VALID_PERSON): Promise<string> {
  const { placeOrder: placed } = await graphql<{ placeOrder: { status: string; redirectUrl: string | null; message: string | null } }>(
    request,
    'mutation($cartId: String!, $checkout: CheckoutInput!) { placeOrder(cartId: $cartId, checkout: $checkout) { status redirectUrl message } }',
    { cartId, checkout },
  );
  if (placed.status !== 'PLACED' || !placed.redirectUrl) throw new Error(`The order was not placed: ${placed.status} ${placed.message ?? ''}`);
  return placed.redirectUrl;
}
