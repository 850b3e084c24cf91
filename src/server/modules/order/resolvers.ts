import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { requireAdmin } from '../admin/auth';
import { setOrderStatus } from './order-service';
import { findOrderWithToken, orderModel } from './order-store';

export const orderResolvers: Resolvers = {
  Query: {
    order: async (_, args, ctx) => {
      const row = await findOrderWithToken(ctx.db, args.orderId, args.token);
      return row ? orderModel(ctx.db, row, resolveLanguage(args.channelId, args.languageId)) : null;
    },
  },
  Mutation: {
    setOrderStatus: async (_, args, ctx) => {
      const admin = await requireAdmin(ctx);
      return setOrderStatus(ctx.db, ctx.pubsub, args.orderId, args.status, `admin:${admin.email}`, resolveLanguage(args.channelId, args.languageId), ctx.variant);
    },
  },
};
