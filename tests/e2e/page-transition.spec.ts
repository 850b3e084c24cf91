import { expect, test, type Page } from '@playwright/test';
import { untilHydrated } from '../support/hydration';

/**
 * The page transition (spec: "name page, mode out-in"; lib/page-transition.ts): the old page fades out, only then
 * does the new one enter the document, and it fades in. Recorded in the page itself, from <main>'s animation events
 * and the moment the new page's heading enters the document, so no timing is guessed.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
});

declare global {
  interface Window {
    transitionLog?: string[];
  }
}

async function recordTransition(page: Page): Promise<void> {
  await page.evaluate(() => {
    const main = document.getElementById('main')!;
    const log: string[] = (window.transitionLog = []);
    const own = (event: AnimationEvent, what: string) => {
      if (event.target === main) log.push(`${what} ${event.animationName}`);
    };
    main.addEventListener('animationstart', (event) => own(event, 'start'));
    main.addEventListener('animationend', (event) => own(event, 'end'));
    const before = main.querySelector('h1')?.textContent;
    const observer = new MutationObserver(() => {
      if (main.querySelector('h1')?.textContent === before) return;
      log.push(`new page shown at opacity ${getComputedStyle(main).opacity}`);
      observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
  });
}

const transitionLog = (page: Page) => page.evaluate(() => window.transitionLog);

test('a change of page fades the old page out, then shows the new one and fades it in', async ({ page }) => {
  await page.goto('/allt');
  await untilHydrated(page);
  const card = page.getByRole('article').first().getByRole('heading', { level: 3 });
  const name = (await card.textContent()) ?? '';
  await recordTransition(page);
  await card.click();
  // A first product page of a fresh server on a busy machine can take a while: the order is what is tested.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => transitionLog(page)).toEqual([
    'start page-out',
    'end page-out',
    // In the document only once the old page is gone, and then still invisible: it fades in from there.
    'new page shown at opacity 0',
    'start page-in',
    'end page-in',
  ]);
});

test('with reduced motion the new page comes at once, without a transition', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/allt');
  await untilHydrated(page);
  const card = page.getByRole('article').first().getByRole('heading', { level: 3 });
  const name = (await card.textContent()) ?? '';
  await recordTransition(page);
  await card.click();
  // A first product page of a fresh server on a busy machine can take a while: the order is what is tested.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => transitionLog(page)).toEqual(['new page shown at opacity 1']);
  await expect(page.locator('#main')).not.toHaveClass(/page-leave|page-enter/);
});

test.describe('at a phone width', () => {
  // The phone menu is what this checks: every project runs it at 360 px.
  test.use({ viewport: { width: 360, height: 740 } });
test('a menu link closes the phone menu as the page changes', async ({ page }) => {
  await page.goto('/');
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Huvudmeny' }).click();
  const panel = page.getByRole('dialog', { name: 'Huvudmeny' });
  await panel.getByRole('button', { name: 'Spel' }).click();
  await panel.getByRole('link', { name: 'Visa allt inom Spel' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Spel' })).toBeVisible();
  await expect(page.locator('#main')).toHaveCSS('opacity', '1');
});
});
