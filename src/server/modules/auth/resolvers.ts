import { randomUUID } from 'node:crypto';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { badInput } from '../../graphql/errors';
import { requireAdmin } from '../admin';
import { findCustomerCredentials } from '../customer';
import { insertShopAsLink } from './shop-as-store';

/** A shop-as link works this long, once. */
export const SHOP_AS_LINK_MINUTES = 15;

/** The auth module's part of the schema: admins' one-time "shop as" links (customer/schema.graphql declares it). */
export const authResolvers: Resolvers = {
  Mutation: {
      createShopAsLink: async (_, args, ctx) => {
        const admin = await requireAdmin(ctx);
        if (!(await findCustomerCredentials(ctx.db, args.customerId))) throw badInput(`There is no customer with id ${args.customerId}`);
        const linkId = randomUUID();
        const expiresAt = Math.floor(Date.now() / 1000) + SHOP_AS_LINK_MINUTES * 60;
        await insertShopAsLink(ctx.db, { linkId, customerId: args.customerId, adminId: admin.sub, expiresAt: new Date(expiresAt * 1000) });
        const token = await ctx.customerTokens.issueShopAs({ linkId, customerId: args.customerId, exp: expiresAt });
        return { url: `${ctx.origin}/?loginToken=${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
      },
  },
};
