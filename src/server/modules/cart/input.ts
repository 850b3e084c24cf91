import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { z } from 'zod';
import { MAX_GIFT_CARD_CODE_LENGTH, normalizeGiftCardCode } from './gift-cards';
import { MAX_PROMO_CODE_LENGTH, normalizePromoCode } from './promo-codes';
import { MAX_LINE_QUANTITY } from './stock-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const BASE64URL_128_BITS = /^[A-Za-z0-9_-]{22,128}$/;
/** A UUID of another version (time or name based) is base64url too, but guessable. */
const isRandomKey = (key: string) => (UUID.test(key) ? UUID_V4.test(key) : BASE64URL_128_BITS.test(key));

/**
 * The mutations' arguments, checked at the boundary. Cart ids are not validated: an unusable id starts a new
 * cart. Idempotency keys are random values of about 128 bits (a UUID v4, as the client's crypto.randomUUID()
 * makes, or 22+ base64url characters) and only ever looked up together with the caller's cart.
 */
export const idempotencyKey = z
  .string()
  .refine(isRandomKey, 'idempotencyKey must be a UUID v4 or 22 to 128 base64url characters')
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
