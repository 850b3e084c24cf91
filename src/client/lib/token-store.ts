import { AUTH_COOKIE, AUTH_COOKIE_MAX_AGE_SECONDS } from '../../shared/auth';
import { writeCookie } from './cookie';

/** The token cookie: 7 days, path /, readable by the page (it sends the token as Bearer). */
export function writeToken(token: string): void {
  writeCookie(AUTH_COOKIE, token, AUTH_COOKIE_MAX_AGE_SECONDS);
}

export function clearToken(): void {
  writeCookie(AUTH_COOKIE, '', 0);
}

const refusedListeners = new Set<() => void>();

/** Called when the server refuses the token the browser sent (401 or UNAUTHENTICATED). */
export function onTokenRefused(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

/** The token is no good any more: it goes at once, and whoever cleans up the rest of the customer's data is told. */
export function tokenRefused(): void {
  clearToken();
  for (const listener of refusedListeners) listener();
}
