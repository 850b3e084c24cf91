import { expect, type Page } from '@playwright/test';

/** Nothing of the page sits beyond the screen's sides or makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        // The skip link waits off-screen on purpose until it is focused.
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('.skip-link') && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, outside: outside.slice(0, 5) };
  });
  expect(overflow.outside, `${what}: elements off-screen`).toEqual([]);
  expect(overflow.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(overflow.width);
}
