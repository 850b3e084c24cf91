import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { cartLineKeys, cartOwner, claimCart, mutateCart, peekCart, readCart, setGiftCardLimited, setPromoCodeLimited } from './cart-service';
import { requireSignedIn, signedInCustomerId } from '../../signed-in';
import { notAllowed, notSignedIn } from '../../domain-error';
import { followLive, liveSource, type LiveSpec } from '../../graphql/live';
import type { PricesChangedEvent } from '../../pubsub';
import type { SubscriptionCartChangedArgs } from '../../generated/api-types';
import type { RequestContext } from '../../request-context';
import { parseInput } from '../../graphql/input';
import { badInput } from '../../graphql/errors';
import { isWellFormedCartId } from './cart-id';
import { catalogLoaders, priceOf } from '../catalog';
import { appliedCampaign, cartGiftCard, cartItemCampaign, cartSummary } from './cart-view';
import { addToCartInput, setCartGiftCardInput, setCartPromoCodeInput, updateCartItemInput } from './input';

// A customer's cart answers only to their own token: every call passes who asks (null for a guest).
const customerIdOf = signedInCustomerId;

const isPricesChange = (event: unknown): event is PricesChangedEvent => typeof event === 'object' && event !== null && 'productIds' in event;

/**
 * What a cartChanged subscriber follows: the cart's own changes, the stock of its lines' SKUs (stock running out
 * under a line changes it) and the prices of their products (a campaign starting or ending). Kept in step with
 * the lines as each event's answer reads them.
 */
function cartSpec(cartId: string, lines: readonly { skuId: number; productId: number }[]): Omit<LiveSpec, 'sharing'> {
  const products = new Set(lines.map((l) => l.productId));
  return {
    topics: [
      { channel: 'cartChanged', id: cartId },
      ...[...new Set(lines.map((l) => l.skuId))].map((skuId) => ({ channel: 'skuStockChanged' as const, id: skuId })),
      ...(products.size > 0 ? [{ channel: 'pricesChanged' as const }] : []),
    ],
    accept: (event) => !isPricesChange(event) || event.productIds.some((id) => products.has(id)),
  };
}

/**
 * A guest cart is followed by its id, as getCart reads it; a customer's cart only by a connection signed in as
 * that customer. Checked when subscribing (FORBIDDEN) and again at every event, with the session as it is then:
 * a session that has ended (signed out, password changed) answers UNAUTHENTICATED, which closes the connection
 * with 4401 (live.ts).
 */
async function mayFollow(ctx: Pick<RequestContext, 'db' | 'customer'>, cartId: string, atEvent: boolean) {
  const [owner, customerId] = await Promise.all([cartOwner(ctx.db, cartId), customerIdOf(ctx)]);
  if (typeof owner !== 'number' || owner === customerId) return customerId;
  if (atEvent && customerId === null) throw notSignedIn('The session this connection was signed in with has ended');
  throw notAllowed('This cart belongs to a signed-in customer: only a connection with their token may follow it');
}

/**
 * One read of a cart per event for every subscriber of it in the same language and session: a hundred
 * subscriptions to one cart (the per-address cap) cost one transaction per event, not a hundred queued on its lock.
 * The event object is the one the socket's hub hands to each of its subscribers (graphql/live.ts).
 */
const readsOfEvent = new WeakMap<object, Map<string, ReturnType<typeof peekCart>>>();
function peekCartOnce(event: unknown, ...args: Parameters<typeof peekCart>): ReturnType<typeof peekCart> {
  if (typeof event !== 'object' || event === null) return peekCart(...args);
  let reads = readsOfEvent.get(event);
  if (!reads) readsOfEvent.set(event, (reads = new Map()));
  const [, id, languageId, customerId] = args;
  const key = `${id}|${languageId}|${customerId ?? ''}`;
  let read = reads.get(key);
  if (!read) reads.set(key, (read = peekCart(...args)));
  return read;
}

export const cartResolvers: Resolvers = {
  Subscription: {
    cartChanged: {
      subscribe: async (_, args, ctx) => {
        // Only an id the server could have made names a cart; any other would only hold a topic (and memory) open.
        if (!isWellFormedCartId(args.id)) throw badInput('Not a cart id');
        await mayFollow(ctx, args.id, false);
        return liveSource(ctx, { ...cartSpec(args.id, await cartLineKeys(ctx.db, args.id)), sharing: 'subscriber' });
      },
      resolve: async (event: unknown, args: SubscriptionCartChangedArgs, ctx: RequestContext) => {
        const customerId = await mayFollow(ctx, args.id, true);
        const cart = await peekCartOnce(event, ctx.db, args.id, resolveLanguage(args.channelId, args.languageId), customerId);
        followLive(ctx, cartSpec(args.id, cart.items));
        return cart;
      },
    },
  },
  Query: {
    getCart: async (_, args, ctx) => readCart(ctx.db, ctx.pubsub, args.id, resolveLanguage(args.channelId, args.languageId), await customerIdOf(ctx)),
  },
  Mutation: {
    addToCart: async (_, args, ctx) => {
      const { item, idempotencyKey } = parseInput(addToCartInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return mutateCart(ctx.db, ctx.pubsub, request, (cart) => cart.add(item.skuId, item.quantity));
    },
    updateCartItem: async (_, args, ctx) => {
      const { item, idempotencyKey } = parseInput(updateCartItemInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return mutateCart(ctx.db, ctx.pubsub, request, (cart) => cart.update(item.skuId, item.quantity));
    },
    setCartPromoCode: async (_, args, ctx) => {
      const { promoCode, idempotencyKey } = parseInput(setCartPromoCodeInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return setPromoCodeLimited(ctx.db, ctx.pubsub, ctx.limits, ctx.clientAddress, request, promoCode);
    },
    setCartGiftCard: async (_, args, ctx) => {
      const { code, idempotencyKey } = parseInput(setCartGiftCardInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return setGiftCardLimited(ctx.db, ctx.pubsub, ctx.limits, ctx.clientAddress, request, code);
    },
    claimCart: async (_, args, ctx) => {
      const { customerId } = await requireSignedIn(ctx);
      return claimCart(ctx.db, ctx.pubsub, args.id, customerId, resolveLanguage(args.channelId, args.languageId));
    },
  },
  Cart: {
    giftCard: (c) => c.giftCard && cartGiftCard(c.giftCard, c.languageId),
    appliedCampaigns: (c) => c.campaigns.map(appliedCampaign),
    summary: (c) => cartSummary(c.totals, c.languageId),
  },
  CartItem: {
    unitPrice: (i) => priceOf(i.regularUnitMinor, i.sellingUnitMinor, i.vatRate, i.languageId),
    totalPrice: (i) => priceOf(i.totalRegularMinor, i.totalSellingMinor, i.vatRate, i.languageId),
    campaign: (i) => cartItemCampaign(i),
    product: async (i, _, ctx) => {
      const product = await catalogLoaders(ctx).product(i.languageId).load(i.productId);
      if (!product) throw new Error(`Cart item product ${i.productId} is missing`);
      return product;
    },
    sku: async (i, _, ctx) => {
      const sku = (await catalogLoaders(ctx).skus(i.languageId).load(i.productId)).find((s) => s.skuId === i.skuId);
      if (!sku) throw new Error(`Cart item SKU ${i.skuId} is missing`);
      return sku;
    },
  },
};
