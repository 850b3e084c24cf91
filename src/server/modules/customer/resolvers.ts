import { formatMoney, toMajor, toMinor } from '../../../shared/money';
import { resolveLanguage, type LanguageId } from '../../../shared/locales';
import type { Balance, Resolvers } from '../../graphql/generated/resolvers-types';
import { requireAdmin } from '../admin';
import { requireSignedIn } from '../../signed-in';
import { registerBackInStock } from '../notifications';
import { customerOrders } from '../order';
import { addCredit, creditBalance, findCustomer, subscribeToNewsletter, type CreditBalance } from './customer-service';
import { spendAccountChange } from '../../limits/account-change-budget';
import { userOf } from './user-view';


/** Öre as the API's kronor, with the amounts formatted in the asker's language. */
function balanceOf(credit: CreditBalance, languageId: LanguageId): Balance {
  return {
    amount: toMajor(credit.balanceMinor),
    amountFormatted: formatMoney(credit.balanceMinor, languageId),
    movements: credit.movements.map((m) => ({
      createdAt: m.createdAt,
      amount: toMajor(m.amountMinor),
      amountFormatted: formatMoney(m.amountMinor, languageId),
      description: m.description,
      orderNumber: m.orderNumber,
      balanceAfter: toMajor(m.balanceAfterMinor),
      balanceAfterFormatted: formatMoney(m.balanceAfterMinor, languageId),
    })),
  };
}

/* Every field but the sign-ups is the signed-in customer's own: the id comes from the token, never from input. */
export const customerResolvers: Resolvers = {
  Query: {
    getUser: async (_, __, ctx) => {
      const session = await requireSignedIn(ctx);
      return userOf(await findCustomer(ctx.db, session.customerId), session.shopAsAdminId);
    },
    getOrders: async (_, args, ctx) => {
      const { customerId } = await requireSignedIn(ctx);
      return customerOrders(ctx.db, customerId, resolveLanguage(args.channelId, args.languageId));
    },
    getBalance: async (_, args, ctx) => {
      const { customerId } = await requireSignedIn(ctx);
      const languageId = resolveLanguage(args.channelId, args.languageId);
      return balanceOf(await creditBalance(ctx.db, customerId, languageId), languageId);
    },
  },
  Mutation: {
    // updateUser and deleteUser are modules/auth's: they ask for the current password and change the sign-in.
    subscribeToNewsletter: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      await spendAccountChange(ctx, languageId);
      const message = await subscribeToNewsletter(ctx.db, args.email, languageId);
      return { ok: true, message };
    },
    monitorProductAvailability: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      await spendAccountChange(ctx, languageId);
      const message = await registerBackInStock(ctx.db, { email: args.email, skuId: args.skuId }, languageId);
      return { ok: true, message };
    },
    addCustomerCredit: async (_, args, ctx) => {
      await requireAdmin(ctx);
      await addCredit(ctx.db, args.customerId, toMinor(args.amount), args.description);
      const languageId = resolveLanguage(args.channelId, args.languageId);
      return balanceOf(await creditBalance(ctx.db, args.customerId, languageId), languageId);
    },
  },
};
