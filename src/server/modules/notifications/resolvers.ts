import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { spendAccountChange } from '../../limits/account-change-budget';
import { registerBackInStock } from './back-in-stock';

export const notificationResolvers: Resolvers = {
  Mutation: {
    registerBackInStock: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      await spendAccountChange(ctx, languageId);
      return { ok: true, message: await registerBackInStock(ctx.db, { email: args.email, skuId: args.skuId }, languageId) };
    },
  },
};
