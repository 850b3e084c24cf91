import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../shared/email';
import type { LanguageId } from '../../../shared/locales';
import type { Queryable } from '../../db/client';
import { invalidInput } from '../../domain-error';
import { skuAvailability } from '../inventory';
import { saveBackInStockRequest } from './back-in-stock-store';
import { serverMessage, type ServerMessageId } from './messages';

const backInStockInput = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN),
  skuId: z.number().int().positive(),
});

type BadInputCode = 'INVALID_EMAIL' | 'SKU_NOT_FOUND' | 'ALREADY_IN_STOCK';

/** A shopper-facing refusal in the shopper's language; the code tells the client which field it concerns. */
const refusal = (languageId: LanguageId, code: BadInputCode, messageId: ServerMessageId) => invalidInput(serverMessage(languageId, messageId), code);

/**
 * Records that the address wants to hear when the sold-out SKU is back (registerBackInStock, and the platform's
 * monitorProductAvailability); answers the confirmation to show. Bad input is a BAD_USER_INPUT-style error whose
 * code says which: INVALID_EMAIL, SKU_NOT_FOUND or ALREADY_IN_STOCK.
 */
export async function registerBackInStock(db: Queryable, request: { email: string; skuId: number }, languageId: LanguageId): Promise<string> {
  const parsed = backInStockInput.safeParse(request);
  if (!parsed.success) {
    const emailIsBad = parsed.error.issues.some((issue) => issue.path[0] === 'email');
    throw emailIsBad ? refusal(languageId, 'INVALID_EMAIL', 'validation.email') : refusal(languageId, 'SKU_NOT_FOUND', 'backInStock.unknownSku');
  }
  const { email, skuId } = parsed.data;
  const availability = await skuAvailability(db, skuId);
  if (availability === 'unknown') throw refusal(languageId, 'SKU_NOT_FOUND', 'backInStock.unknownSku');
  if (availability === 'in-stock') throw refusal(languageId, 'ALREADY_IN_STOCK', 'backInStock.alreadyInStock');
  await saveBackInStockRequest(db, { skuId, email, languageId });
  return serverMessage(languageId, 'backInStock.registered');
}
