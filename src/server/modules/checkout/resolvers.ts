import { z } from 'zod';
import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { parseInput } from '../../graphql/input';
import { idempotencyKey } from '../../idempotency-key';
import { createOrUpdateCheckout, readCheckout } from './checkout-service';
import { evaluateCheckout } from './checkout-view';
import { emptyCheckout, mergeCheckout } from './fields';
import { placeOrder } from './place-order';
import { readCart } from '../cart';
import { completePayment, orderView } from '../order';
import { signedInCustomerId } from '../../signed-in';

const placeOrderInput = z.object({ idempotencyKey });

// A customer's cart (and its form) answers only to their token: every call passes who asks (null for a guest).
const customerIdOf = signedInCustomerId;

export const checkoutResolvers: Resolvers = {
  Query: {
    checkout: async (_, args, ctx) => readCheckout(ctx.db, ctx.pubsub, args.cartId, resolveLanguage(args.channelId, args.languageId), await customerIdOf(ctx)),
    shippingOptions: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const cart = await readCart(ctx.db, ctx.pubsub, args.cartId, languageId, await customerIdOf(ctx));
      const fields = mergeCheckout(emptyCheckout(), { country: args.country, zip: args.zip });
      return (await evaluateCheckout(ctx.db, cart.id, fields, cart, null)).model.shippingOptions;
    },
  },
  Mutation: {
    createOrUpdateCheckout: async (_, args, ctx) =>
      createOrUpdateCheckout(ctx.db, ctx.pubsub, args.cartId, args.checkout, resolveLanguage(args.channelId, args.languageId), await customerIdOf(ctx)),
    placeOrder: async (_, args, ctx) => {
      const { idempotencyKey } = parseInput(placeOrderInput, args);
      return placeOrder(ctx.db, ctx.pubsub, {
        cartId: args.cartId,
        customerId: await customerIdOf(ctx),
        input: args.checkout,
        idempotencyKey,
        languageId: resolveLanguage(args.channelId, args.languageId),
        provider: ctx.paymentProvider,
        variant: ctx.variant,
      });
    },
    completePayment: async (_, args, ctx) => {
      const order = await completePayment(ctx.db, ctx.pubsub, args.orderId, args.token, ctx.variant);
      return orderView(ctx.db, order, resolveLanguage(args.channelId, args.languageId));
    },
  },
};
