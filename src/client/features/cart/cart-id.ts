import { proxy } from 'valtio';

/** Spec section 9: the cart cookie lives about a year; the id itself is an unguessable 128-bit value. */
export const CART_COOKIE = 'ralph-cart';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function readCookie(): string {
  if (typeof document === 'undefined') return '';
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${CART_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CART_COOKIE.length + 1)) : '';
}

/** This tab's cart id; empty until the first item is added (the server then hands out an id). */
export const cartState = proxy({ id: '' });

export function loadCartId(): string {
  cartState.id = readCookie();
  return cartState.id;
}

export function storeCartId(id: string): void {
  if (id === cartState.id && readCookie() === id) return;
  cartState.id = id;
  document.cookie = `${CART_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}
