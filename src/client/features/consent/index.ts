// What the rest of the client may use of the cookie consent.
export { CookieConsent } from './CookieConsent';
