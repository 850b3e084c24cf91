import { resolveLanguage } from '../../../shared/locales';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { t } from '../../i18n';
import { invalidInput, busy, tooManyAttempts, notSignedIn } from '../../domain-error';
import { PasswordHashBusyError } from '../../security/password';
import { changeStock } from '../inventory';
import { checkCredentials } from './admin-store';
import { requireAdmin } from './auth';
import { beginLoginAttempt, isRefused } from '../../limits/login-attempts';

export const adminResolvers: Resolvers = {
  Mutation: {
    adminLogin: async (_, args, ctx) => {
      const language = resolveLanguage(args.channelId, args.languageId);
      // No address is longer than 254 characters; a long password would only make the slow hash slower.
      if (args.email.length > 254 || args.password.length > 1024) throw notSignedIn(t(language, 'server.admin.wrongCredentials'));
      // Right passwords count too: each login costs a slow hash whatever its outcome. Taken before the guess is
      // counted, so a login refused here is no wrong guess against the account.
      if (!(await ctx.limits.passwordLogins.take(ctx.clientAddress)).allowed) throw tooManyAttempts(t(language, 'server.tooManyAttempts'));
      const attempt = await beginLoginAttempt(
        { perAccount: ctx.limits.adminLoginFailuresPerAccount, perAddress: ctx.limits.adminLoginFailuresPerAddress },
        args.email,
        ctx.clientAddress,
      );
      if (isRefused(attempt)) {
        await ctx.limits.passwordLogins.giveBack(ctx.clientAddress);
        throw tooManyAttempts(t(language, 'server.tooManyAttempts'));
      }
      const user = await checkCredentials(ctx.db, args.email, args.password).catch(async (error: unknown) => {
        if (!(error instanceof PasswordHashBusyError)) throw error;
        // Refused before the hash ran: no guess was made, and no login was spent.
        await Promise.all([attempt.notChecked(), ctx.limits.passwordLogins.giveBack(ctx.clientAddress)]);
        throw busy(t(language, 'server.busy'), error.retryAfterSeconds);
      });
      if (!user) throw notSignedIn(t(language, 'server.admin.wrongCredentials'));
      await attempt.succeeded();
      const { token, claims } = await ctx.adminTokens.issue(user);
      return { token, expiresAt: new Date(claims.exp * 1000).toISOString(), email: claims.email, role: claims.role };
    },
    setSkuStock: async (_, args, ctx) => {
      await requireAdmin(ctx);
      if (!Number.isInteger(args.stock) || args.stock < 0 || args.stock > 1_000_000) throw invalidInput('stock must be a whole number from 0 to 1000000');
      const event = await changeStock(ctx.db, ctx.pubsub, (_tx, stock) => stock.set(args.skuId, args.stock));
      if (!event) throw invalidInput(`There is no SKU with id ${args.skuId}`);
      return event;
    },
  },
};
