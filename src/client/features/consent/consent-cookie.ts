/** Spec sections 4 and 9: allow stores true, decline false; path /, 365 days. */
export const COOKIE_CONSENT_COOKIE = 'ralph-cookie-consent';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function parseConsent(raw: string | undefined): boolean | null {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

export function storeConsent(allowed: boolean): void {
  document.cookie = `${COOKIE_CONSENT_COOKIE}=${allowed}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}
