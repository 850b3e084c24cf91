import { z } from 'zod';

const anyUuid = z.guid();
const randomUuid = z.uuidv4();
const BASE64URL_128_BITS = /^[A-Za-z0-9_-]{22,128}$/;
/** A UUID of another version (time or name based) is base64url too, but guessable. */
const isRandomKey = (key: string) => (anyUuid.safeParse(key).success ? randomUuid.safeParse(key).success : BASE64URL_128_BITS.test(key));

/**
 * The idempotency key every mutation that takes one checks (cart mutations, placeOrder): a random value of about
 * 128 bits (a UUID v4, as the client's crypto.randomUUID() makes, or 22 to 128 base64url characters), only ever
 * looked up together with the caller's cart. Absent means null.
 */
export const idempotencyKey = z
  .string()
  .refine(isRandomKey, 'idempotencyKey must be a UUID v4 or 22 to 128 base64url characters')
  .nullish()
  .transform((key) => key ?? null);
