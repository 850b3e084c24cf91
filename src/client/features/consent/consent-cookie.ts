import { writeCookie } from '../../lib/cookie';

/** The shopper's cookie choice: 'true' when allowed, 'false' when declined, none until chosen; path /, 365 days. */
export const COOKIE_CONSENT_COOKIE = 'ralph-cookie-consent';

export function parseConsent(raw: string | undefined): boolean | null {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

export function storeConsent(allowed: boolean): void {
  writeCookie(COOKIE_CONSENT_COOKIE, String(allowed));
}
