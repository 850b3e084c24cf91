import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { badInput } from '../cart/input';
import { publishStockChanges, setStock } from '../order/stock';
import { checkCredentials } from './admin-store';
import { requireAdmin, unauthenticated } from './auth';

const wrongCredentials = { sv: 'Fel email eller lösenord, försök gärna igen', en: 'Wrong email or password, please try again' };

export const adminResolvers: Resolvers = {
  Mutation: {
    adminLogin: async (_, args, ctx) => {
      const user = await checkCredentials(ctx.db, args.email, args.password);
      if (!user) throw unauthenticated(wrongCredentials[resolveLanguage(args.channelId, args.languageId)]);
      const { token, claims } = await ctx.adminTokens.issue(user);
      return { token, expiresAt: new Date(claims.exp * 1000).toISOString(), email: claims.email, role: claims.role };
    },
    setSkuStock: async (_, args, ctx) => {
      await requireAdmin(ctx);
      if (!Number.isInteger(args.stock) || args.stock < 0 || args.stock > 1_000_000) throw badInput('stock must be a whole number from 0 to 1000000');
      const event = await setStock(ctx.db, args.skuId, args.stock);
      if (!event) throw badInput(`There is no SKU with id ${args.skuId}`);
      publishStockChanges(ctx.pubsub, [event]);
      return event;
    },
  },
};
