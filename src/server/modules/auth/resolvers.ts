import { randomUUID } from 'node:crypto';
import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { invalidInput } from '../../domain-error';
import { requireAccountOwner, requireSignedIn } from '../../signed-in';
import { t } from '../../i18n';
import { requireAdmin } from '../admin';
import { deleteCustomerAccount, findCustomerCredentials, userOf } from '../customer';
import { requireCurrentPassword } from './current-password';
import { updateUser } from './email-change';
import { selectKeyAddresses } from './reset-key-store';
import { insertShopAsLink } from './shop-as-store';

/** A shop-as link works this long, once. */
export const SHOP_AS_LINK_MINUTES = 15;

/**
 * The auth module's part of the schema (customer/schema.graphql declares it): the account mutations that touch
 * the sign-in (updateUser, which may move the sign-in address, and deleteUser), and admins' one-time "shop as"
 * links.
 */
export const authResolvers: Resolvers = {
  Mutation: {
    updateUser: async (_, args, ctx) => {
      const session = await requireSignedIn(ctx);
      const saved = await updateUser(ctx, session, args.user, args.password, resolveLanguage(args.channelId, args.languageId));
      return userOf(saved, session.shopAsAdminId);
    },
    deleteUser: async (_, args, ctx) => {
      const language = resolveLanguage(args.channelId, args.languageId);
      const { customerId } = await requireAccountOwner(ctx);
      await requireCurrentPassword(ctx, customerId, args.password, language);
      await deleteCustomerAccount(ctx.db, customerId, await selectKeyAddresses(ctx.db, customerId));
      return { ok: true, message: t(language, 'server.account.deleted') };
    },
    createShopAsLink: async (_, args, ctx) => {
      const admin = await requireAdmin(ctx);
      if (!(await findCustomerCredentials(ctx.db, args.customerId))) throw invalidInput(`There is no customer with id ${args.customerId}`);
      const linkId = randomUUID();
      const expiresAt = Math.floor(Date.now() / 1000) + SHOP_AS_LINK_MINUTES * 60;
      await insertShopAsLink(ctx.db, { linkId, customerId: args.customerId, adminId: admin.sub, expiresAt: new Date(expiresAt * 1000) });
      const token = await ctx.customerTokens.issueShopAs({ linkId, customerId: args.customerId, exp: expiresAt });
      return { url: `${ctx.origin}/?loginToken=${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
  },
};
