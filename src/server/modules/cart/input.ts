import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { z } from 'zod';
import { MAX_GIFT_CARD_CODE_LENGTH, normalizeGiftCardCode } from './gift-cards';
import { MAX_PROMO_CODE_LENGTH, normalizePromoCode } from './promo-codes';
import { MAX_LINE_QUANTITY } from './stock-rules';

/**
 * The mutations' arguments, checked at the boundary. Cart ids are not validated: an unusable id starts a new
 * cart. Idempotency keys are long enough that one that started a cart cannot be guessed to find it.
 */
const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{16,128}$/, 'idempotencyKey must be 16 to 128 visible ASCII characters (a UUID fits)')
  .nullish()
  .transform((key) => key ?? null);

const skuId = z.number().int().positive('skuId must be a positive integer');

const quantity = (min: number) =>
  z
    .number()
    .int(`quantity must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`)
    .min(min, `quantity must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`)
    .max(MAX_LINE_QUANTITY, `quantity must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`);

export const addToCartInput = z.object({
  item: z.object({ skuId, quantity: quantity(1) }),
  idempotencyKey,
});

export const updateCartItemInput = z.object({
  item: z.object({ skuId, quantity: quantity(0) }),
  idempotencyKey,
});

export const setCartPromoCodeInput = z.object({
  promoCode: z
    .string()
    .transform(normalizePromoCode)
    .refine((code) => code.length <= MAX_PROMO_CODE_LENGTH, `promoCode must be at most ${MAX_PROMO_CODE_LENGTH} characters`),
  idempotencyKey,
});

export const setCartGiftCardInput = z.object({
  code: z
    .string()
    .transform(normalizeGiftCardCode)
    .refine((code) => code.length <= MAX_GIFT_CARD_CODE_LENGTH, `code must be at most ${MAX_GIFT_CARD_CODE_LENGTH} characters`),
  idempotencyKey,
});

export function badInput(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Parses or throws a GraphQL error that names each bad field, e.g. 'item.quantity: quantity must be …'. */
export function parseInput<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  throw badInput(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
}
