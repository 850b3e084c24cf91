import { z } from 'zod';
import { MAX_CODE_LENGTH, MAX_LINE_QUANTITY } from '../../../shared/limits';
import { idempotencyKey } from '../../idempotency-key';
import { normalizeCode } from '../../../shared/codes';

/**
 * The mutations' arguments, checked at the boundary. Cart ids are not validated: an unusable id starts a new
 * cart.
 */
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
    .transform(normalizeCode)
    .refine((code) => code.length <= MAX_CODE_LENGTH, `promoCode must be at most ${MAX_CODE_LENGTH} characters`),
  idempotencyKey,
});

export const setCartGiftCardInput = z.object({
  code: z
    .string()
    .transform(normalizeCode)
    .refine((code) => code.length <= MAX_CODE_LENGTH, `code must be at most ${MAX_CODE_LENGTH} characters`),
  idempotencyKey,
});
