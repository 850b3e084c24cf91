/**
 * The Playwright projects' split (tests/playwright.config.ts): every test runs on the 360 px phone; the specs that
 * lay out or operate a page differently on a wide screen run at 1360 px too, except their tests tagged with
 * PHONE_ONLY: what they check (a typo's results, recent searches, a deep link's page) is the same at every width,
 * and a second run of it only doubled CI's time on a busy machine.
 */
export const PHONE_ONLY = '@phone-only';
