import { AUTH_COOKIE, AUTH_COOKIE_MAX_AGE_SECONDS } from '../../shared/auth';
import { writeCookie } from './cookie';

/**
 * The token cookie: 7 days, path /, readable by the page (it sends the token as Bearer). Not secure-only, so a
 * shop served over plain http (a tester's phone on the office network) can sign in; where the shop is served over
 * https it is Secure, so the token never travels over an http request to the same host.
 */
export function writeToken(token: string, pageProtocol: string = location.protocol): void {
  writeCookie(AUTH_COOKIE, token, AUTH_COOKIE_MAX_AGE_SECONDS, pageProtocol === 'https:');
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
