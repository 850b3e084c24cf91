import { randomBytes } from 'node:crypto';

/** 128 bits from the CSPRNG, URL-safe: a cart id cannot be guessed from another. */
export function newCartId(): string {
  return randomBytes(16).toString('base64url');
}

const CART_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Anything else cannot name a cart, so it is not even looked up. */
export function isWellFormedCartId(id: string): boolean {
  return CART_ID_PATTERN.test(id);
}

/** What getCart answers as the id of a cart that does not exist (unknown, malformed or empty id). */
export const NO_CART_ID = '';
