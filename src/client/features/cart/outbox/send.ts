import { CombinedGraphQLErrors, ServerError, type ApolloClient } from '@apollo/client';
import type { CartFieldsFragment } from '../../../graphql/generated/operations';
import { AddToCartDocument } from '../../../graphql/generated/documents/AddToCart';
import { SetCartGiftCardDocument } from '../../../graphql/generated/documents/SetCartGiftCard';
import { SetCartPromoCodeDocument } from '../../../graphql/generated/documents/SetCartPromoCode';
import { UpdateCartItemDocument } from '../../../graphql/generated/documents/UpdateCartItem';
import type { OutboxEntry } from '../cart-store';
import type { SendResult } from './outbox';

export interface Channel {
  channelId: string;
  languageId: 'sv' | 'en';
}

/** Errors the server answers when it (not the change) is the problem: try again later. */
const SERVER_TROUBLE = new Set(['RATE_LIMITED', 'OPERATION_TIMEOUT', 'INTERNAL_SERVER_ERROR']);

/**
 * Whether an HTTP answer came from this shop's GraphQL server rather than something on the way: a captive portal
 * or proxy answers HTML, asks to log in (401, 403, 407, 511) or redirects to its own page. The server's answers
 * are always JSON and never redirected, and the cart API asks for no login.
 */
function fromThisServer(response: Response | undefined): boolean {
  if (!response || response.redirected) return false;
  if ([401, 403, 407, 511].includes(response.status)) return false;
  return /\bjson\b|\+json/i.test(response.headers.get('content-type') ?? '');
}

/**
 * What a failed send means for the change. A GraphQL error with a code of the API's own (BAD_USER_INPUT for an
 * unknown SKU or a quantity out of range, a validation error) refuses the change for good; rate limits, timeouts
 * and unexpected errors (no code) are the server's trouble; an HTTP 408, 429 or 5xx too, any other 4xx refuses.
 * An HTTP answer that is not clearly the server's, a body that is not JSON, and anything else that never reached
 * the server or whose answer never came back are network failures: they never refuse the change or count
 * towards giving it up.
 */
export function classifySendError(error: unknown): SendResult<never> {
  if (CombinedGraphQLErrors.is(error)) {
    const codes = error.errors.map((e) => e.extensions?.code);
    const refusal = codes.every((code) => typeof code === 'string' && !SERVER_TROUBLE.has(code));
    return refusal ? { kind: 'refused', reason: error.errors[0]?.message ?? '' } : { kind: 'retry', server: true };
  }
  if (ServerError.is(error) && fromThisServer(error.response)) {
    const status = error.statusCode;
    return status === 408 || status === 429 || status >= 500 ? { kind: 'retry', server: true } : { kind: 'refused', reason: `HTTP ${status}` };
  }
  return { kind: 'retry', server: false };
}

/**
 * How long one send may take. The replaying tab holds the outbox while it waits, so a request that hangs (a
 * connection that never answers) would hold back every change for good; one that runs out counts as a network
 * failure and is retried later with the same key.
 */
export const SEND_TIMEOUT_MS = 20_000;

/** Sends one outbox change as its cart mutation, in the language the shopper now reads the shop in. */
export function apolloSender(client: ApolloClient, channel: () => Channel, timeoutMs = SEND_TIMEOUT_MS) {
  return async (entry: OutboxEntry, cartId: string): Promise<SendResult<CartFieldsFragment>> => {
    const common = { id: cartId, idempotencyKey: entry.key, ...channel() };
    const { intent } = entry;
    // The answer goes into the cache by the outbox, once it has left IndexedDB, so the UI never counts it twice.
    const options = { fetchPolicy: 'no-cache' as const, context: { fetchOptions: { signal: AbortSignal.timeout(timeoutMs) } } };
    try {
      let cart: CartFieldsFragment | undefined;
      switch (intent.kind) {
        case 'add':
          cart = (await client.mutate({ mutation: AddToCartDocument, variables: { ...common, item: { skuId: intent.skuId, quantity: intent.quantity } }, ...options })).data?.addToCart;
          break;
        case 'set':
          cart = (await client.mutate({ mutation: UpdateCartItemDocument, variables: { ...common, item: { skuId: intent.skuId, quantity: intent.quantity } }, ...options }))
            .data?.updateCartItem;
          break;
        case 'promo':
          cart = (await client.mutate({ mutation: SetCartPromoCodeDocument, variables: { ...common, promoCode: intent.code }, ...options })).data?.setCartPromoCode;
          break;
        case 'giftCard':
          cart = (await client.mutate({ mutation: SetCartGiftCardDocument, variables: { ...common, code: intent.code }, ...options })).data?.setCartGiftCard;
          break;
      }
      return cart ? { kind: 'applied', cart } : { kind: 'retry', server: true };
    } catch (error) {
      return classifySendError(error);
    }
  };
}
