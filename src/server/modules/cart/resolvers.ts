import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { claimCart, mutateCart, readCart, setGiftCardLimited, setPromoCodeLimited } from './cart-service';
import { requireSignedIn, signedInCustomerId } from '../../signed-in';
import { parseInput } from '../../graphql/input';
import { catalogLoaders, priceOf } from '../catalog';
import { appliedCampaign, cartGiftCard, cartItemCampaign, cartSummary } from './cart-view';
import { addToCartInput, setCartGiftCardInput, setCartPromoCodeInput, updateCartItemInput } from './input';

// A customer's cart answers only to their own token: every call passes who asks (null for a guest).
const customerIdOf = signedInCustomerId;

export const cartResolvers: Resolvers = {
  Query: {
    getCart: async (_, args, ctx) => readCart(ctx.db, args.id, resolveLanguage(args.channelId, args.languageId), await customerIdOf(ctx)),
  },
  Mutation: {
    addToCart: async (_, args, ctx) => {
      const { item, idempotencyKey } = parseInput(addToCartInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return mutateCart(ctx.db, request, (cart) => cart.add(item.skuId, item.quantity));
    },
    updateCartItem: async (_, args, ctx) => {
      const { item, idempotencyKey } = parseInput(updateCartItemInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return mutateCart(ctx.db, request, (cart) => cart.update(item.skuId, item.quantity));
    },
    setCartPromoCode: async (_, args, ctx) => {
      const { promoCode, idempotencyKey } = parseInput(setCartPromoCodeInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return setPromoCodeLimited(ctx.db, ctx.limits, ctx.clientAddress, request, promoCode);
    },
    setCartGiftCard: async (_, args, ctx) => {
      const { code, idempotencyKey } = parseInput(setCartGiftCardInput, args);
      const request = { id: args.id, idempotencyKey, languageId: resolveLanguage(args.channelId, args.languageId), customerId: await customerIdOf(ctx) };
      return setGiftCardLimited(ctx.db, ctx.limits, ctx.clientAddress, request, code);
    },
    claimCart: async (_, args, ctx) => {
      const { customerId } = await requireSignedIn(ctx);
      return claimCart(ctx.db, args.id, customerId, resolveLanguage(args.channelId, args.languageId));
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
