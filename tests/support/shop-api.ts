import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { AUTH_PATHS } from '../../src/shared/auth';
import { VALID_PERSON } from '../../src/server/modules/checkout/sample-customer';
import { browserPasswordHash } from '../../src/server/testing/browser-password';

/** The staff account the e2e server is started with (playwright.config.ts); a test-only password. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** The password every test customer gets. */
export const CUSTOMER_PASSWORD = 'hemligt-1';

/**
 * A customer made through the auth endpoint, as the register form would (the password hashed as the browser
 * does), with further details saved as under Mina sidor; answers its token.
 */
export async function registerByApi(request: APIRequestContext, email: string, details: Record<string, unknown> = {}): Promise<string> {
  const password = browserPasswordHash(CUSTOMER_PASSWORD);
  const answer = await request.post(AUTH_PATHS.register, { data: { username: email, password, firstName: 'Berit', lastName: 'Berg' } });
  if (answer.status() !== 200) throw new Error(`Register answered ${answer.status()}`);
  const { token } = (await answer.json()) as { token: string };
  if (Object.keys(details).length > 0) {
    await graphql(request, 'mutation($user: UserInput!) { updateUser(user: $user) { customerId } }', { user: details }, token);
  }
  return token;
}

export interface CatalogProduct {
  name: string;
  canonicalUrl: string;
  skus: { skuId: number; name: string; stock: { status: string; totalStock: number; oversellable: boolean; static: boolean } }[];
}

/**
 * Single-SKU products whose stock is counted (not oversellable, not static), cheapest first: the tests' goods. The
 * list does not depend on stock, so one test setting a product's stock to 0 does not shift another's pick; a test
 * restocks what it uses (setStock). Tests run side by side, so each spec owns its indices: checkout 0–8, account 9,
 * offline-data 10, pwa 11, small-screens 12–17, the train-ride example 18, store-credit 19, cart-notices the last 9;
 * live.spec takes the catalog's dearest products.
 */
export async function buyableProducts(request: APIRequestContext): Promise<CatalogProduct[]> {
  const data = await graphql<{ products: { products: CatalogProduct[] } }>(
    request,
    '{ products(filter: { limit: 100, sort: LOWEST_PRICE }) { products { name canonicalUrl skus { skuId name stock { status totalStock oversellable static } } } } }',
  );
  return data.products.products.filter((p) => p.skus.length === 1 && !p.skus[0]!.stock.oversellable && !p.skus[0]!.stock.static);
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

/** Store credit booked for a customer (by their token) through the admin API, as staff would book it; kronor. */
export async function bookCredit(request: APIRequestContext, customerToken: string, amount: number, description: string): Promise<void> {
  const { getUser } = await graphql<{ getUser: { customerId: number } }>(request, '{ getUser { customerId } }', {}, customerToken);
  const { adminLogin } = await graphql<{ adminLogin: { token: string } }>(
    request,
    'mutation($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
    E2E_ADMIN,
  );
  await graphql(
    request,
    'mutation($id: Int!, $amount: Float!, $text: String!) { addCustomerCredit(customerId: $id, amount: $amount, description: $text) { amount } }',
    { id: getUser.customerId, amount, text: description },
    adminLogin.token,
  );
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

/** The cheapest shipping is free from this much goods (the seeded FREE_SHIPPING campaign), in öre. */
export const FREE_SHIPPING_FROM_MINOR = 49_900;

/**
 * A cart whose goods reach free shipping but fall below it once RETRO10 takes its 10 % off: one buyable product,
 * restocked, in the quantity that lands between 499 kr and 554 kr. Answers the cart id (also set in the cart
 * cookie) and its goods at selling and regular prices, in öre.
 */
export async function cartJustOverFreeShipping(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
): Promise<{ id: string; sellingMinor: number; regularMinor: number }> {
  const data = await graphql<{ products: { products: { skus: { skuId: number }[]; unitPrice: { sellingPriceIncVat: number } }[] } }>(
    request,
    '{ products(filter: { limit: 100, sort: LOWEST_PRICE }) { products { skus { skuId } unitPrice { sellingPriceIncVat } } } }',
  );
  const buyable = new Set((await buyableProducts(request)).map((p) => p.skus[0]!.skuId));
  for (const product of data.products.products) {
    const skuId = product.skus[0]!.skuId;
    const unitMinor = Math.round(product.unitPrice.sellingPriceIncVat * 100);
    const quantity = Math.ceil(FREE_SHIPPING_FROM_MINOR / unitMinor);
    if (product.skus.length !== 1 || !buyable.has(skuId) || quantity > 10) continue;
    await setStock(request, skuId, 50);
    const id = await cartWith(request, context, baseURL, [{ skuId, quantity }]);
    const { getCart } = await graphql<{ getCart: { summary: { subTotal: { sellingPriceIncVat: number; regularPriceIncVat: number } } } }>(
      request,
      'query ($id: String!) { getCart(id: $id) { summary { subTotal { sellingPriceIncVat regularPriceIncVat } } } }',
      { id },
    );
    const sellingMinor = Math.round(getCart.summary.subTotal.sellingPriceIncVat * 100);
    // A campaign may price the units otherwise than one unit suggested: only a cart in the window will do.
    if (sellingMinor >= FREE_SHIPPING_FROM_MINOR && sellingMinor - Math.round(sellingMinor / 10) < FREE_SHIPPING_FROM_MINOR) {
      return { id, sellingMinor, regularMinor: Math.round(getCart.summary.subTotal.regularPriceIncVat * 100) };
    }
  }
  throw new Error('No buyable product makes a cart just over free shipping');
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

/** A preview link from the admin API (createPreviewLink), as a path and query to open on the test server. */
export async function previewLinkPath(request: APIRequestContext, alias?: string): Promise<string> {
  const { adminLogin } = await graphql<{ adminLogin: { token: string } }>(
    request,
    'mutation($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
    E2E_ADMIN,
  );
  const { createPreviewLink } = await graphql<{ createPreviewLink: { url: string } }>(
    request,
    'mutation($alias: String) { createPreviewLink(alias: $alias) { url } }',
    { alias },
    adminLogin.token,
  );
  const url = new URL(createPreviewLink.url);
  return `${url.pathname}${url.search}`;
}
