import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../shared/email';
import { resolveLanguage, type LanguageId } from '../../../shared/locales';
import { badInput } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { skuAvailability } from '../inventory';
import { saveBackInStockRequest } from './back-in-stock-store';
import { serverMessage, type ServerMessageId } from './messages';

const backInStockInput = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN),
  skuId: z.number().int().positive(),
});

type BadInputCode = 'INVALID_EMAIL' | 'SKU_NOT_FOUND' | 'ALREADY_IN_STOCK';

/** A shopper-facing refusal in the shopper's language; the code tells the client which field it concerns. */
const refusal = (languageId: LanguageId, code: BadInputCode, messageId: ServerMessageId) => badInput(serverMessage(languageId, messageId), code);

export const notificationResolvers: Resolvers = {
  Mutation: {
    registerBackInStock: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const parsed = backInStockInput.safeParse({ email: args.email, skuId: args.skuId });
      if (!parsed.success) {
        const emailIsBad = parsed.error.issues.some((issue) => issue.path[0] === 'email');
        throw emailIsBad
          ? refusal(languageId, 'INVALID_EMAIL', 'validation.email')
          : refusal(languageId, 'SKU_NOT_FOUND', 'backInStock.unknownSku');
      }
      const { email, skuId } = parsed.data;
      const availability = await skuAvailability(ctx.db, skuId);
      if (availability === 'unknown') throw refusal(languageId, 'SKU_NOT_FOUND', 'backInStock.unknownSku');
      if (availability === 'in-stock') throw refusal(languageId, 'ALREADY_IN_STOCK', 'backInStock.alreadyInStock');
      await saveBackInStockRequest(ctx.db, { skuId, email, languageId });
      return { ok: true, message: serverMessage(languageId, 'backInStock.registered') };
    },
  },
};
