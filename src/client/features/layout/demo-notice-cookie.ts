import { cookieValue, writeCookie } from '../../lib/cookie';

/**
 * The shopper closed the demo notice: a session cookie (no max age), so the server renders the next page without
 * it (no flash, no hydration mismatch) until the browser closes, and a new visit is told again.
 */
export const DEMO_NOTICE_COOKIE = 'ralph-demo-notice';
const CLOSED = 'closed';

export function isDemoNoticeClosed(raw: string | undefined): boolean {
  return raw === CLOSED;
}

/** In the browser: closed in this session, also when the page came from the service worker's copy. */
export function demoNoticeClosedInBrowser(): boolean {
  return isDemoNoticeClosed(cookieValue(document.cookie, DEMO_NOTICE_COOKIE));
}

export function storeDemoNoticeClosed(): void {
  writeCookie(DEMO_NOTICE_COOKIE, CLOSED, null);
}
