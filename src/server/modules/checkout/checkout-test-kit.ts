/** Shared by the checkout and order test files: the checkout API calls and a valid form. */
import { randomUUID } from 'node:crypto';
import { gql } from '../../testing/app';
import type { TestApp } from '../cart/cart-test-kit';

export { VALID_PERSON } from './sample-customer';

export interface CheckoutResult {
  cartId: string;
  email: string | null;
  zip: string | null;
  country: string;
  shippingMethodId: string | null;
  validationErrors: { field: string; message: string }[];
  shippingOptions: { shippingMethodId: string; carrier: string; feeIncVat: number; freeFromIncVat: number | null; isSelected: boolean }[];
  shippingMessage: string | null;
  paymentBlocked: boolean;
  totals: { goodsIncVat: number; shippingFeeIncVat: number; totalIncVat: number };
  promoCodeShippingFeeIncVat: number;
  promoCodeNetSavingIncVat: number;
  cart: { id: string; items: { skuId: number; quantity: number }[] };
}

const CHECKOUT = `cartId email zip country shippingMethodId validationErrors { field message }
  shippingOptions { shippingMethodId carrier feeIncVat freeFromIncVat isSelected } shippingMessage paymentBlocked
  totals { goodsIncVat shippingFeeIncVat totalIncVat } promoCodeShippingFeeIncVat promoCodeNetSavingIncVat
  cart { id items { skuId quantity } }`;

export interface PlaceResult {
  status: 'PLACED' | 'INVALID' | 'NOT_PLACEABLE';
  orderId: string | null;
  orderNumber: number | null;
  token: string | null;
  redirectUrl: string | null;
  message: string | null;
  validationErrors: { field: string; message: string }[];
}

export interface OrderResult {
  orderId: string;
  orderNumber: number;
  status: string;
  statusLabel: string;
  paymentStatus: string;
  paymentFailureReason: string | null;
  lines: { skuId: number; quantity: number; totalPriceIncVat: number; backorderedQuantity: number }[];
  totals: { goodsIncVat: number; shippingFeeIncVat: number; totalIncVat: number };
  shippingMethod: { shippingMethodId: string; carrier: string };
  paymentMethod: string;
  shippingAddress: { firstName: string; zip: string; city: string };
}

export const ORDER = `orderId orderNumber status statusLabel paymentStatus paymentFailureReason
  lines { skuId quantity totalPriceIncVat backorderedQuantity } totals { goodsIncVat shippingFeeIncVat totalIncVat }
  shippingMethod { shippingMethodId carrier } paymentMethod shippingAddress { firstName zip city }`;

function dataOf<T>(answer: { body: { data?: Record<string, T> | null; errors?: unknown[] } }): T {
  if (answer.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(answer.body.errors)}`);
  return Object.values(answer.body.data ?? {})[0] as T;
}

export function checkoutCalls(app: () => TestApp) {
  return {
    save: async (cartId: string, checkout: Record<string, unknown>, languageId = 'sv') =>
      dataOf<CheckoutResult>(
        await gql(app(), `mutation ($cartId: String!, $checkout: CheckoutInput!, $languageId: String) {
          createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, languageId: $languageId) { ${CHECKOUT} } }`, { cartId, checkout, languageId }),
      ),
    get: async (cartId: string) =>
      dataOf<CheckoutResult>(await gql(app(), `query ($cartId: String!) { checkout(cartId: $cartId) { ${CHECKOUT} } }`, { cartId })),
    placeRaw: (cartId: string, checkout: Record<string, unknown>, key: string | null = randomUUID(), languageId = 'sv') =>
      gql<{ placeOrder: PlaceResult }>(
        app(),
        `mutation ($cartId: String!, $checkout: CheckoutInput!, $key: String, $languageId: String) {
          placeOrder(cartId: $cartId, checkout: $checkout, idempotencyKey: $key, languageId: $languageId) {
            status orderId orderNumber token redirectUrl message validationErrors { field message } } }`,
        { cartId, checkout, key, languageId },
      ),
    place: async (cartId: string, checkout: Record<string, unknown>, key: string | null = randomUUID()) =>
      dataOf<PlaceResult>(
        await gql(app(), `mutation ($cartId: String!, $checkout: CheckoutInput!, $key: String) {
          placeOrder(cartId: $cartId, checkout: $checkout, idempotencyKey: $key) {
            status orderId orderNumber token redirectUrl message validationErrors { field message } } }`, { cartId, checkout, key }),
      ),
    order: async (orderId: string, token: string, languageId = 'sv') =>
      dataOf<OrderResult | null>(
        await gql(app(), `query ($orderId: String!, $token: String!, $languageId: String) {
          order(orderId: $orderId, token: $token, languageId: $languageId) { ${ORDER} } }`, { orderId, token, languageId }),
      ),
    completePayment: async (orderId: string, token: string) =>
      dataOf<OrderResult>(
        await gql(app(), `mutation ($orderId: String!, $token: String!) { completePayment(orderId: $orderId, token: $token) { ${ORDER} } }`, { orderId, token }),
      ),
  };
}

export const stockOfSku = async (db: { query<R>(sql: string, params?: readonly (string | number)[]): Promise<R[]> }, skuId: number) =>
  (await db.query<{ stock: number }>('SELECT stock FROM skus WHERE sku_id = $1', [skuId]))[0]!.stock;
