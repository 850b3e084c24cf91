import { expect, test, type Page } from '@playwright/test';
import { PHONE_ONLY } from '../support/projects';

/**
 * Header search: suggestions 500 ms after typing, recent searches in browser storage, the results page at
 * /s/{term} (/en/s/{term}), 5 suggestions on a phone and 10 otherwise.
 */

/** For states that wait on the server's answer: the shared test machine can be slow on a cold database. */
const answered = expect.configure({ timeout: 15_000 });

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1360) < 768;

/** The field, also while a phone hides it behind the header's search toggle. */
const searchBox = (page: Page, label = 'Sök') => page.getByRole('combobox', { name: label, includeHidden: true });
const searchToggle = (page: Page, label: string) => page.getByRole('button', { name: label === 'Sök' ? 'Öppna sökning' : 'Open search' });

/** Clicks into the search until the hydrated page opens it (a click before hydration does nothing). */
async function openSearch(page: Page, label = 'Sök') {
  const box = searchBox(page, label);
  await expect(async () => {
    // Phones keep the field behind the header's search toggle.
    if (isPhone(page) && !(await box.isVisible())) await searchToggle(page, label).click();
    // A tap on the toggle before hydration reveals nothing: the field's click gives up soon and the loop taps again.
    await box.click({ timeout: 2000 });
    await expect(box).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
  return box;
}

/** Runs a search with Enter and waits for the results page address. */
async function searchFor(page: Page, term: string, prefix = '') {
  const box = await openSearch(page, prefix ? 'Search' : 'Sök');
  await box.fill(term);
  await box.press('Enter');
  // The address changes once the results page's data has arrived, which a busy machine can take a while over.
  await expect(page).toHaveURL(`${prefix}/s/${encodeURIComponent(term)}`, { timeout: 20_000 });
}

const productList = (page: Page, name = 'Produkter') => page.getByRole('listbox', { name });

test.describe('header search', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // The consent banner has its own test; on a 360 px phone it would cover the suggestions the shopper taps.
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('typing shows product suggestions with name and price, as many as the viewport allows', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const box = await openSearch(page);
    await box.pressSequentially('zeld');
    const options = productList(page).getByRole('option');
    await answered(options.first()).toContainText('Zelda');
    await expect(options.first()).toContainText(/\d\s?kr/);
    // 13 Zelda games in the seeded catalog: a phone gets 5 of them, a larger screen 10.
    await expect(options).toHaveCount(isPhone(page) ? 5 : 10);
    await expect(page.getByRole('link', { name: /^Visa alla \d+ träffar$/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a typo still finds the game, and the clear button empties the field', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('zeldda');
    await answered(productList(page).getByRole('option').first()).toContainText('Zelda');
    // Two swapped letters, the commonest slip on a phone keyboard, find it too.
    await box.fill('zleda');
    await answered(page.getByRole('link', { name: 'Visa alla 13 träffar' })).toBeVisible();
    await expect(productList(page).getByRole('option').first()).toContainText('Zelda');
    // The clear button empties the field and leaves the search open on the popular terms.
    await page.getByRole('button', { name: 'Töm sökfältet' }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(page.getByRole('listbox', { name: 'Populära sökningar' })).toBeVisible();
  });

  test('nonsense says there are no results', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('qxzqvwkj');
    await answered(page.getByText('Inga träffar för "qxzqvwkj"')).toBeVisible();
    await expect(productList(page).getByRole('option')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Visa alla/ })).toHaveCount(0);
  });

  test('tags link to matching categories and name the path where two parents share a name', async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('snes');
    const tags = page.getByRole('region', { name: 'Kategorier och varumärken' });
    // 'SNES' sits under a 'Nintendo' both in games and in consoles: each tag names the path to its own.
    await answered(tags.getByRole('link')).toHaveCount(2);
    await expect(tags.getByRole('link', { name: 'SNES, Konsoler › Nintendo', exact: true })).toContainText('Konsoler › Nintendo');
    const games = tags.getByRole('link', { name: 'SNES, Spel › Nintendo', exact: true });
    await expect(games).toContainText('Spel › Nintendo');
    await games.click();
    await expect(page).toHaveURL('/c/nintendo/snes');
    await expect(searchBox(page, 'Sök')).toHaveValue('');
  });

  test('tags with the same name say what they are: the parent category, or a brand', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('sega');
    const tags = page.getByRole('region', { name: 'Kategorier och varumärken' });
    const links = tags.getByRole('link');
    await answered(links).toHaveCount(4);
    for (const [name, text] of [
      ['Sega, Spel', 'Spel'],
      ['Sega, Konsoler', 'Konsoler'],
      ['Sega, Handkontroller', 'Handkontroller'],
      ['Sega, varumärke', 'varumärke'],
    ]) {
      const link = tags.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toContainText(text!);
    }
    await tags.getByRole('link', { name: 'Sega, varumärke', exact: true }).click();
    await expect(page).toHaveURL('/b/sega');

    await page.goto('/en');
    const english = await openSearch(page, 'Search');
    await english.fill('sega');
    const englishTags = page.getByRole('region', { name: 'Categories and brands' }).getByRole('link');
    await answered(englishTags).toHaveCount(4);
    // The brand's page comes first.
    for (const [i, name] of ['Sega, brand', 'Sega, Games', 'Sega, Consoles', 'Sega, Controllers'].entries()) {
      await expect(englishTags.nth(i)).toHaveAccessibleName(name);
    }
  });

  test('Enter opens the results page and remembers the term', async ({ page }) => {
    await page.goto('/');
    await searchFor(page, 'super mario');
    expect(new URL(page.url()).pathname).toBe('/s/super%20mario');
    const box = searchBox(page, 'Sök');
    await expect(box).toHaveValue('');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBe('["super mario"]');
    await openSearch(page);
    await expect(page.getByRole('listbox', { name: 'Senaste sökningar' }).getByRole('option')).toHaveText(['super mario']);
  });

  test('the submit button searches too, and English searches go under /en', async ({ page }) => {
    await page.goto('/en');
    const box = await openSearch(page, 'Search');
    await box.fill('zelda');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/en/s/zelda');
    await searchFor(page, 'pokémon', '/en');
  });

  test('recent searches keep the five latest, most recent first, without duplicates', { tag: PHONE_ONLY }, async ({ page }) => {
    // Eight searches, each a page load.
    test.slow();
    await page.goto('/');
    for (const term of ['nes', 'mario', 'zelda', 'sega', 'tetris', 'Mario']) await searchFor(page, term);
    await openSearch(page);
    const recents = page.getByRole('listbox', { name: 'Senaste sökningar' }).getByRole('option');
    await expect(recents).toHaveText(['Mario', 'tetris', 'sega', 'zelda', 'nes']);
    await searchFor(page, 'doom');
    await openSearch(page);
    await expect(recents).toHaveText(['doom', 'Mario', 'tetris', 'sega', 'zelda']);

    // A recent term runs its search again and moves to the front.
    await recents.filter({ hasText: 'sega' }).click();
    await expect(page).toHaveURL('/s/sega');
    await openSearch(page);
    await expect(recents).toHaveText(['sega', 'doom', 'Mario', 'tetris', 'zelda']);

    await page.getByRole('button', { name: 'Rensa senaste sökningar' }).click();
    await expect(recents).toHaveCount(0);
    await expect(page.getByRole('listbox', { name: 'Populära sökningar' }).getByRole('option')).toHaveText(['zelda', 'mario', 'pokémon', 'nes', 'playstation']);
  });

  test('popular searches show before the first search and run their search', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    await openSearch(page);
    await page.getByRole('listbox', { name: 'Populära sökningar' }).getByRole('option', { name: 'mario' }).click();
    await expect(page).toHaveURL('/s/mario');
  });

  test('empty Enter does nothing', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.press('Enter');
    await box.fill('   ');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBeNull();
    await expect(page.getByRole('listbox', { name: 'Populära sökningar' })).toBeVisible();
  });

  test('Escape closes the panel, clears the field, keeps focus and remembers a term that found something', async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('zeld');
    await answered(productList(page).getByRole('option').first()).toBeVisible();
    await box.press('Escape');
    await expect(productList(page)).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('');
    if (isPhone(page)) {
      // The phone's search closes with its field; focus returns to the toggle that opened it.
      await expect(searchToggle(page, 'Sök')).toBeFocused();
      await openSearch(page);
    } else {
      await expect(box).toBeFocused();
    }
    await box.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Senaste sökningar' }).getByRole('option')).toHaveText(['zeld']);
  });

  test('closing after no results does not remember the term', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('qxzqvwkj');
    await answered(page.getByText('Inga träffar för "qxzqvwkj"')).toBeVisible();
    await page.getByRole('button', { name: 'Stäng sökningen' }).click();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBeNull();
  });

  test('arrow keys move through the suggestions and Enter opens the chosen product', async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('zeld');
    const options = productList(page).getByRole('option');
    await answered(options.nth(1)).toBeVisible();
    const second = (await options.nth(1).locator('.search-option__name').textContent()) ?? '';
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? 'missing');
    await box.press('ArrowUp');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/p\//);
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  });

  test('a tapped suggestion opens its product page', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('mario kart');
    const first = productList(page).getByRole('option').first();
    await answered(first).toContainText('Mario Kart');
    const name = (await first.locator('.search-option__name').textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('on a phone the open search locks page scroll; elsewhere a press outside closes it', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const box = await openSearch(page);
    if (isPhone(page)) {
      await expect(html).toHaveClass(/search-scroll-lock/);
      await page.getByRole('button', { name: 'Stäng sökningen' }).click();
      await expect(html).not.toHaveClass(/search-scroll-lock/);
    } else {
      await expect(html).not.toHaveClass(/search-scroll-lock/);
      await page.getByText('Rengjort och testat · Leverans nästa dag · Fri retur').click();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(page.getByRole('listbox', { name: 'Populära sökningar' })).toBeHidden();
  });

  for (const [path, label, brand, url] of [
    ['/', 'Sök', 'Nintendo, varumärke', '/b/nintendo'],
    ['/en', 'Search', 'Nintendo, brand', '/en/b/nintendo'],
  ] as const) {
    test(`a brand's name offers the brand's page first among the tags (${path})`, { tag: PHONE_ONLY }, async ({ page }) => {
      await page.goto(path);
      const box = await openSearch(page, label);
      await box.fill('Nintendo');
      const tags = page.getByRole('region', { name: label === 'Sök' ? 'Kategorier och varumärken' : 'Categories and brands' }).getByRole('link');
      await answered(tags.first()).toHaveAccessibleName(brand);
      await tags.first().click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: 'Nintendo' })).toBeVisible();
    });
  }

  test('suggested names show two lines, so titles of one series tell apart at 360 px', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const box = await openSearch(page);
    await box.fill('zelda');
    const options = productList(page).getByRole('option');
    await answered(options.first()).toContainText('Zelda');
    // Every name (up to 'The Legend of Zelda: Link's Awakening DX') shows whole: nothing is cut on either side.
    const names = options.locator('.search-option__name');
    const cut = await names.evaluateAll((spans) =>
      spans.filter((span) => span.scrollWidth > span.clientWidth || span.scrollHeight > span.clientHeight + 1).map((span) => span.textContent),
    );
    expect(cut).toEqual([]);
    const lines = await names.evaluateAll((spans) => spans.map((span) => Math.round(span.clientHeight / parseFloat(getComputedStyle(span).lineHeight))));
    expect(Math.max(...lines)).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
