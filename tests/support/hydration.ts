import { expect, type Page } from '@playwright/test';
import { HYDRATED_MARK } from '../../src/client/app/boot';

/**
 * Resolves once the page has hydrated (the client's performance mark): from then on taps and keystrokes reach the
 * app. Before it, a field filled and submitted is the server's plain HTML (the checkout, which waits for Apollo's
 * code before hydrating, takes a moment longer on a busy machine).
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HYDRATED_MARK);
}

/** Console errors and uncaught exceptions of a page, as they come (a hydration mismatch shows up here). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Resolves once the service worker controls the page. Its install fetches the shell, both languages' home and
 * offline pages, the menus and every hashed file before it takes control: on a busy machine (two workers each
 * loading pages against one server) that was seen to take just over 10 s, so this waits up to 30.
 */
export async function untilControlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}
