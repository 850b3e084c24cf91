/** The raw (still encoded) value of one cookie in a Cookie header or in document.cookie. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The cookies a loader may read: the request's Cookie header on the server; in the browser the router's
 * Request carries none, so the document's.
 */
export function requestCookies(request: Request): string {
  return typeof document === 'undefined' ? (request.headers.get('cookie') ?? '') : document.cookie;
}

/** The shop's own cookies live about a year, site-wide, not secure-flagged (the sign-in token is, on https). */
export const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A first-party cookie for the whole site; the value is URI-encoded. No max age (null): until the browser closes.
 * `secure` adds the Secure flag (only the sign-in token asks for it, and only on a page served over https).
 */
export function cookieString(name: string, value: string, maxAgeSeconds: number | null = YEAR_SECONDS, secure = false): string {
  return `${name}=${encodeURIComponent(value)}; Path=/;${maxAgeSeconds === null ? '' : ` Max-Age=${maxAgeSeconds};`} SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number | null = YEAR_SECONDS, secure = false): void {
  document.cookie = cookieString(name, value, maxAgeSeconds, secure);
}
