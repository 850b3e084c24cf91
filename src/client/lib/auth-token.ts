import { AUTH_COOKIE, AUTH_COOKIE_MAX_AGE_SECONDS } from '../../shared/auth';
import { cookieValue, writeCookie } from './cookie';

/**
 * The customer's bearer token as the browser keeps it: the `apollo-token` cookie, which the server also reads
 * when it renders a page. Only this much of the account code is in the entry; the rest loads after the first render.
 */
export function readToken(cookies: string | null = typeof document === 'undefined' ? null : document.cookie): string | null {
  const raw = cookieValue(cookies, AUTH_COOKIE);
  return raw ? decodeURIComponent(raw) : null;
}

export function hasToken(cookies?: string | null): boolean {
  return readToken(cookies) !== null;
}

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
