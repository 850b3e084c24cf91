import { proxy } from 'valtio';
import { cookieValue, writeCookie } from '../../lib/cookie';
import { OUTBOX_DB, outboxState, setOutboxEntries, setSettledEntries } from './outbox-state';

/** The cart cookie lives about a year; the id itself is an unguessable 128-bit value. */
export const CART_COOKIE = 'ralph-cart';

function readCookie(): string {
  if (typeof document === 'undefined') return '';
  return decodeURIComponent(cookieValue(document.cookie, CART_COOKIE) ?? '');
}

/**
 * This tab's cart id; empty until the first item is added (the server then hands out an id). `loaded` turns
 * true once the cookie was read in the browser, so an empty id then means 'no cart' rather than 'not known yet'.
 */
export const cartState = proxy({ id: '', loaded: false });

export function loadCartId(): string {
  cartState.id = readCookie();
  cartState.loaded = true;
  return cartState.id;
}

export function storeCartId(id: string): void {
  if (id === cartState.id && readCookie() === id) return;
  cartState.id = id;
  writeCookie(CART_COOKIE, id);
}

/** The customer's cart after login: the guest cart merged into it, under the id the server answered. */
export function claimedCart(id: string): void {
  storeCartId(id);
}

/**
 * Logout: this browser no longer knows the customer's cart (nor the checkout form kept with it). The device's copy
 * of that cart and the changes still waiting to be sent were the customer's too: they go, so the next person on the
 * device neither sees the cart nor has the customer's changes replayed into a guest cart.
 */
export async function forgetCart(): Promise<void> {
  cartState.id = '';
  cartState.loaded = true;
  writeCookie(CART_COOKIE, '', 0);
  setOutboxEntries([]);
  setSettledEntries([]);
  outboxState.serverCart = null;
  const { clear, createStore } = await import('idb-keyval');
  await clear(createStore(OUTBOX_DB.database, OUTBOX_DB.store));
}
