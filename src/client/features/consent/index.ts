// What the rest of the client may use of the cookie consent.
export { CookieConsent } from './CookieConsent';
export { COOKIE_CONSENT_COOKIE, parseConsent } from './consent-cookie';
