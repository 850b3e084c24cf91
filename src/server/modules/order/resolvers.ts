import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { requireAdmin } from '../admin';
import { findOrderWithToken, setOrderStatus } from './order-service';
import { orderView } from './order-view';

export const orderResolvers: Resolvers = {
  Query: {
    order: async (_, args, ctx) => {
      const order = await findOrderWithToken(ctx.db, args.orderId, args.token);
      return order ? orderView(ctx.db, order, resolveLanguage(args.channelId, args.languageId)) : null;
    },
  },
  Mutation: {
    setOrderStatus: async (_, args, ctx) => {
      const admin = await requireAdmin(ctx);
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const order = await setOrderStatus(ctx.db, ctx.pubsub, args.orderId, args.status, `admin:${admin.email}`, languageId, ctx.variant);
      return orderView(ctx.db, order, languageId);
    },
  },
};
