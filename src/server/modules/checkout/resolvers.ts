import { z } from 'zod';
import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { idempotencyKey, parseInput } from '../../graphql/input';
import { createOrUpdateCheckout, readCheckout } from './checkout-service';
import { evaluateCheckout } from './checkout-view';
import { emptyCheckout, mergeCheckout } from './fields';
import { placeOrder } from './place-order';
import { completePayment } from '../order/order-service';
import { readCart } from '../cart/cart-service';

const placeOrderInput = z.object({ idempotencyKey });

export const checkoutResolvers: Resolvers = {
  Query: {
    checkout: (_, args, ctx) => readCheckout(ctx.db, args.cartId, resolveLanguage(args.channelId, args.languageId)),
    shippingOptions: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const cart = await readCart(ctx.db, args.cartId, languageId);
      const fields = mergeCheckout(emptyCheckout(), { country: args.country, zip: args.zip });
      return (await evaluateCheckout(ctx.db, cart.id, fields, cart)).model.shippingOptions;
    },
  },
  Mutation: {
    createOrUpdateCheckout: (_, args, ctx) =>
      createOrUpdateCheckout(ctx.db, args.cartId, args.checkout, resolveLanguage(args.channelId, args.languageId)),
    placeOrder: (_, args, ctx) => {
      const { idempotencyKey } = parseInput(placeOrderInput, args);
      return placeOrder(ctx.db, ctx.pubsub, {
        cartId: args.cartId,
        input: args.checkout,
        idempotencyKey,
        languageId: resolveLanguage(args.channelId, args.languageId),
        provider: ctx.paymentProvider,
        variant: ctx.variant,
      });
    },
    completePayment: (_, args, ctx) =>
      completePayment(ctx.db, ctx.pubsub, args.orderId, args.token, resolveLanguage(args.channelId, args.languageId), ctx.variant),
  },
};
