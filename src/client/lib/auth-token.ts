import { AUTH_COOKIE } from '../../shared/auth';
import { cookieValue } from './cookie';

/**
 * The customer's bearer token as the browser keeps it: the `apollo-token` cookie, which the server also reads
 * when it renders a page. Only this check is in the entry; writing and dropping the token (token-store.ts) and
 * the rest of the account load after the first render.
 */
export function readToken(cookies: string | null = typeof document === 'undefined' ? null : document.cookie): string | null {
  const raw = cookieValue(cookies, AUTH_COOKIE);
  return raw ? decodeURIComponent(raw) : null;
}

export function hasToken(cookies?: string | null): boolean {
  return readToken(cookies) !== null;
}
