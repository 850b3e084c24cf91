import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { PHONE_ONLY } from '../support/projects';
import { collectErrors, untilHydrated } from '../support/hydration';

/** The selling price a shopper reads first on a card ("1 299 kr", "159,20 kr"), in kronor. */
function firstPrice(cardText: string): number {
  const match = /(\d[\d \u00a0\u202f]*(?:,\d{1,2})?)[ \u00a0\u202f]*kr/.exec(cardText);
  if (!match?.[1]) throw new Error(`no price in: ${cardText}`);
  return Number(match[1].replace(/[\s\u00a0]/g, '').replace(',', '.'));
}

/** Count in a facet label such as "Nintendo (162)". */
function countIn(label: string | null): number {
  const match = /\((\d+)\)\s*$/.exec(label ?? '');
  if (!match?.[1]) throw new Error(`no count in: ${label}`);
  return Number(match[1]);
}


const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** On phone the filters hide behind the Filter button; on desktop they are a sidebar. */
async function showFilters(page: Page, testInfo: TestInfo) {
  // The panel's toggle and its fields answer once hydrated.
  await untilHydrated(page);
  const toggle = page.getByRole('button', { name: /^Filter/ });
  if (isPhone(testInfo)) {
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(toggle).toBeHidden();
  }
  await expect(page.getByRole('complementary', { name: 'Filtrera' })).toBeVisible();
}

/** Long facets show their first values until the shopper asks for all of them. */
async function expandFacet(group: Locator) {
  const showAll = group.getByRole('button', { name: /^Visa alla \d+$/ });
  if (await showAll.count()) {
    await showAll.click();
    await expect(group.getByRole('button', { name: 'Visa färre' })).toHaveAttribute('aria-expanded', 'true');
  }
}

/** Follows the header's language switch; phones keep it in the menu panel, which opens once the page is hydrated. */
async function switchLanguage(page: Page, testInfo: TestInfo, name: 'In English' | 'På svenska') {
  const link = page.getByRole('link', { name });
  if (isPhone(testInfo)) {
    // Tap again only while the menu is closed: a second tap on a menu that opened slowly would close it.
    await expect(async () => {
      if (!(await link.isVisible())) await page.getByRole('button', { name: name === 'In English' ? 'Huvudmeny' : 'Main menu' }).click();
      await expect(link).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
  }
  await link.click();
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const showing = (page: Page) => page.getByText(/^Visar \d+ av \d+$/);
/**
 * The list's total once the list shows the answer to its address: a choice goes into the address at once and its list
 * comes a moment later (CI once read the total of the list before a brand filter).
 */
const totalOf = async (page: Page) => {
  await expect(page.getByRole('region', { name: 'Produkter' })).not.toHaveAttribute('aria-busy', 'true');
  return Number(/av (\d+)/.exec((await showing(page).textContent()) ?? '')?.[1]);
};

test.describe('product lists', () => {
  test('filters by a brand and a category with counts, in the URL and restored on reload', async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto('/allt');
    await expect(page.getByRole('heading', { level: 1, name: 'Alla produkter' })).toBeVisible();
    const all = await totalOf(page);
    await showFilters(page, testInfo);

    const brands = page.getByRole('group', { name: 'Varumärken' });
    await expandFacet(brands);
    const nintendo = brands.getByRole('checkbox', { name: /^Nintendo \(\d+\)$/ });
    const brandCount = countIn(await nintendo.evaluate((el) => el.closest('label')?.textContent ?? ''));
    expect(brandCount).toBeGreaterThan(0);
    expect(brandCount).toBeLessThan(all);
    await nintendo.check();
    await expect(page).toHaveURL(/[?&]brands=\d+/);
    await expect(page.getByText(`Visar 24 av ${brandCount}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ta bort filtret Nintendo' })).toBeVisible();

    // The category counts now count Nintendo products only (the server's disjunctive facets).
    const categories = page.getByRole('group', { name: 'Kategorier' });
    await expandFacet(categories);
    const category = categories.getByRole('checkbox', { name: /^Game Boy .*\(\d+\)$/ }).first();
    const categoryLabel = (await category.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    const categoryCount = countIn(categoryLabel);
    expect(categoryCount).toBeLessThan(brandCount);
    await category.check();
    await expect(page).toHaveURL(/[?&]categories=\d+/);
    await expect(page).toHaveURL(/[?&]brands=\d+/);
    await expect(showing(page)).toHaveText(`Visar ${Math.min(24, categoryCount)} av ${categoryCount}`);
    await expect(page.getByText(`${categoryCount} produkter`, { exact: true })).toBeVisible();
    const url = page.url();

    await page.reload();
    expect(page.url()).toBe(url);
    await expect(showing(page)).toHaveText(`Visar ${Math.min(24, categoryCount)} av ${categoryCount}`);
    await expect(page.getByRole('button', { name: 'Ta bort filtret Nintendo' })).toBeVisible();
    await showFilters(page, testInfo);
    await expect(page.getByRole('group', { name: 'Varumärken' }).getByRole('checkbox', { name: /^Nintendo/ })).toBeChecked();

    // Chips remove one filter, "clear all" every one.
    await page.getByRole('button', { name: 'Ta bort filtret Nintendo' }).click();
    await expect(page).not.toHaveURL(/brands=/);
    await expect(page).toHaveURL(/categories=/);
    await page.getByRole('button', { name: 'Rensa alla' }).click();
    await expect(page).toHaveURL(/\/allt$/);
    await expect(showing(page)).toHaveText(`Visar 24 av ${all}`);
    expect(errors).toEqual([]);
  });

  test('sorts by lowest price, keeps it in the URL and after a reload', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/allt');
    // The sort answers once the page has hydrated: a choice before that was lost on a busy machine.
    await untilHydrated(page);
    const sort = page.getByLabel('Sortera');
    await expect(sort).toHaveValue('LATEST');
    await expect(sort.getByRole('option')).toHaveText(['Senaste', 'Mest sålda', 'Lägsta pris', 'Högsta pris']);
    await sort.selectOption({ label: 'Lägsta pris' });
    await expect(page).toHaveURL(/[?&]sort=LOWEST_PRICE/);
    const prices = async () => (await cards(page).allInnerTexts()).map(firstPrice);
    await expect.poll(async () => {
      const list = await prices();
      return list.length === 24 && list.every((p, i) => i === 0 || list[i - 1]! <= p);
    }).toBe(true);
    const before = await prices();

    await page.reload();
    await expect(page.getByLabel('Sortera')).toHaveValue('LOWEST_PRICE');
    expect(await prices()).toEqual(before);

    await page.getByLabel('Sortera').selectOption({ label: 'Högsta pris' });
    await expect(page).toHaveURL(/sort=HIGHEST_PRICE/);
    await expect.poll(async () => {
      const list = await prices();
      return list.every((p, i) => i === 0 || list[i - 1]! >= p) && list[0]! > before[0]!;
    }).toBe(true);
  });

  test('load more appends pages, and Back from a product restores the items and the scroll position', { tag: PHONE_ONLY }, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/allt');
    const total = await totalOf(page);
    await expect(showing(page)).toHaveText(`Visar 24 av ${total}`);
    const more = page.getByRole('link', { name: 'Visa fler' });
    await more.click();
    await expect(showing(page)).toHaveText(`Visar 48 av ${total}`);
    await expect(page).toHaveURL(/\/allt\?from=1&page=2$/);
    await expect(cards(page)).toHaveCount(48);
    await more.click();
    await expect(showing(page)).toHaveText(`Visar 72 av ${total}`);
    await expect(page).toHaveURL(/\/allt\?from=1&page=3$/);
    await expect(cards(page)).toHaveCount(72);

    const target = cards(page).nth(60);
    await target.scrollIntoViewIfNeeded();
    const name = await target.getByRole('heading').textContent();
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(1000);
    await target.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name ?? '');

    await page.goBack();
    await expect(page).toHaveURL(/\/allt\?from=1&page=3$/);
    await expect(cards(page)).toHaveCount(72);
    await expect(showing(page)).toHaveText(`Visar 72 av ${total}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 50);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThan(50);
    await expect(cards(page).nth(60).getByRole('heading')).toBeInViewport();

    // A reload shows the same 72 products.
    await page.reload();
    await expect(cards(page)).toHaveCount(72);
    expect(errors).toEqual([]);
  });

  test('a deep link to page 2 shows that page and can load the previous one', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/allt?page=2');
    const total = await totalOf(page);
    await expect(cards(page)).toHaveCount(24);
    await expect(showing(page)).toHaveText(`Visar 48 av ${total}`);
    const firstOfPage2 = await cards(page).first().getByRole('heading').textContent();
    await page.getByRole('link', { name: 'Visa föregående' }).click();
    await expect(page).toHaveURL(/\/allt\?from=1&page=2$/);
    await expect(cards(page)).toHaveCount(48);
    await expect(cards(page).nth(24).getByRole('heading')).toHaveText(firstOfPage2 ?? '');
    await expect(page.getByRole('link', { name: 'Visa föregående' })).toHaveCount(0);
  });

  test('search results by URL, and a clear text when nothing matches', { tag: PHONE_ONLY }, async ({ page }) => {
    const response = await page.goto('/s/zelda');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Sökresultat för: zelda' })).toBeVisible();
    await expect(page).toHaveTitle(/Sökresultat för: zelda/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(cards(page).first()).toContainText(/zelda/i);
    await expect(page.getByLabel('Sortera')).toHaveValue('RELEVANCE');
    await expect(page.getByRole('link', { name: 'In English', includeHidden: true }).first()).toHaveAttribute('href', '/en/s/zelda');

    await page.goto('/s/qqxxzzkkvv');
    await expect(page.getByRole('heading', { level: 1, name: 'Sökresultat för: qqxxzzkkvv' })).toBeVisible();
    await expect(page.getByText('Din sökning på ”qqxxzzkkvv” gav inga träffar.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Visa alla produkter' })).toHaveAttribute('href', '/allt');

    await page.goto('/en/s/mario');
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for: mario' })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  });

  test('the brands index links to each brand page, in both languages', { tag: PHONE_ONLY }, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/varumarken');
    await expect(page.getByRole('heading', { level: 1, name: 'Varumärken' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hoppa till bokstav' }).getByRole('link', { name: 'N', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'N', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'In English', includeHidden: true }).first()).toHaveAttribute('href', '/en/brands');
    const nintendo = page.getByRole('link', { name: /^Nintendo \d+ produkter$/ });
    const count = Number(/(\d+) produkter/.exec((await nintendo.textContent()) ?? '')?.[1]);
    await nintendo.click();
    await expect(page).toHaveURL(/\/b\/nintendo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nintendo' })).toBeVisible();
    await expect(showing(page)).toHaveText(`Visar 24 av ${count}`);

    await page.goto('/en/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Sega \d+ products$/ })).toHaveAttribute('href', '/en/b/sega');
    await expect(page.getByRole('link', { name: 'På svenska', includeHidden: true }).first()).toHaveAttribute('href', '/varumarken');
    expect(errors).toEqual([]);
  });

  test('favorites: hearts on the list, the favorites page, removing one at once and after a reload', { tag: PHONE_ONLY }, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/favoriter');
    await expect(page.getByText('Du har inga favoriter ännu.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Visa alla produkter' }).click();
    await expect(page).toHaveURL(/\/allt$/);
    // A tap on the link before hydration loaded the list as a new page: its hearts answer once it has hydrated.
    await untilHydrated(page);

    const names: string[] = [];
    for (const index of [0, 1]) {
      const card = cards(page).nth(index);
      names.push((await card.getByRole('heading').textContent()) ?? '');
      const heart = card.getByRole('button', { name: /^Lägg till .* i favoriter$/ });
      await heart.click();
      await expect(card.getByRole('button', { name: /^Ta bort .* från favoriter$/ })).toHaveAttribute('aria-pressed', 'true');
    }

    await page.goto('/favoriter');
    await untilHydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Favoriter' })).toBeVisible();
    // Newest favorite first.
    await expect(cards(page).getByRole('heading')).toHaveText([names[1] ?? '', names[0] ?? '']);

    // Toggling the heart off here removes the card straight away.
    await cards(page).nth(1).getByRole('button', { name: /^Ta bort .* från favoriter$/ }).click();
    await expect(cards(page)).toHaveCount(1);
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading')).toHaveText(names[1] ?? '');

    await page.goto('/en/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('/list/all, /l/{category alias} and a 404 for an unknown list kind', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/list/all');
    await expect(page.getByRole('heading', { level: 1, name: 'Alla produkter' })).toBeVisible();
    const total = await totalOf(page);
    expect(total).toBeGreaterThan(24);

    const gamesHref = await page.getByRole('link', { name: 'Spel', exact: true, includeHidden: true }).first().getAttribute('href');
    const alias = gamesHref?.split('/').filter(Boolean).pop();
    expect(alias).toBeTruthy();
    const list = await page.goto(`/l/${alias}`);
    expect(list?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Spel' })).toBeVisible();
    const inCategory = await totalOf(page);
    expect(inCategory).toBeGreaterThan(0);
    expect(inCategory).toBeLessThan(total);

    await page.goto('/list/brand?brands=1');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Alla produkter');
    await expect(page.getByRole('button', { name: /^Ta bort filtret / })).toBeVisible();

    const unknown = await page.goto('/list/foo');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText('Sidan kunde inte hittas')).toBeVisible();
  });

  // Three scenarios of one rule, each its own test: together they took 35 s on a phone and passed the suite's 45 s
  // at 1360 px on a loaded two-core machine.
  test('the language switch keeps the filters and sort of a list', async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto('/allt?price=100-900');
    await showFilters(page, testInfo);
    const brands = page.getByRole('group', { name: 'Varumärken' });
    await expandFacet(brands);
    await brands.getByRole('checkbox', { name: /^Nintendo \(\d+\)$/ }).check();
    await expect(page).toHaveURL(/[?&]brands=\d+/);
    if (isPhone(testInfo)) await page.getByRole('button', { name: /^Visa \d+ produkter?$/ }).click();
    await page.getByLabel('Sortera').selectOption({ label: 'Lägsta pris' });
    await expect(page).toHaveURL(/[?&]sort=LOWEST_PRICE/);
    const total = await totalOf(page);
    const query = new URL(page.url()).search;
    await switchLanguage(page, testInfo, 'In English');
    await expect(page).toHaveURL(`/en/allt${query}`);
    await expect(page.getByRole('button', { name: 'Remove filter Nintendo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter SEK 100–900' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('LOWEST_PRICE');
    await expect(page.getByText(`Showing ${Math.min(24, total)} of ${total}`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the language switch translates the SKU filter of a category and keeps its sort and page', async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto('/c/spel?skus=Komplett+i+kartong&sort=HIGHEST_PRICE&page=2');
    await expect(page.getByRole('button', { name: 'Ta bort filtret Komplett i kartong' })).toBeVisible();
    const categoryTotal = await totalOf(page);
    await switchLanguage(page, testInfo, 'In English');
    await expect(page).toHaveURL('/en/c/games?skus=Complete+in+box&sort=HIGHEST_PRICE&page=2');
    await expect(page.getByRole('button', { name: 'Remove filter Complete in box' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('HIGHEST_PRICE');
    await expect(page.getByText(`Showing 48 of ${categoryTotal}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show previous' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the language switch keeps the sort of a search', { tag: PHONE_ONLY }, async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto('/en/s/zelda?sort=LOWEST_PRICE');
    await expect(page.getByLabel('Sort by')).toHaveValue('LOWEST_PRICE');
    await switchLanguage(page, testInfo, 'På svenska');
    await expect(page).toHaveURL('/s/zelda?sort=LOWEST_PRICE');
    await expect(page.getByLabel('Sortera')).toHaveValue('LOWEST_PRICE');
    expect(errors).toEqual([]);
  });

  test('the price filter narrows the list and shows as a chip', async ({ page }, testInfo) => {
    await page.goto('/allt?sort=LOWEST_PRICE');
    await showFilters(page, testInfo);
    await page.getByLabel('Från (kr)').fill('200');
    await page.getByLabel('Till (kr)').fill('300');
    await page.getByRole('button', { name: 'Använd pris' }).click();
    await expect(page).toHaveURL(/[?&]price=200-300/);
    await expect(page.getByRole('button', { name: 'Ta bort filtret 200–300 kr' })).toBeVisible();
    if (isPhone(testInfo)) {
      // The panel's own button closes it and hands focus back to the Filter button.
      await page.getByRole('button', { name: /^Visa \d+ produkter$/ }).click();
      const toggle = page.getByRole('button', { name: 'Filter (1)' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(page.getByRole('complementary', { name: 'Filtrera' })).toBeHidden();
    }
    // The chip shows the choice at once; the narrowed list follows when its data has come.
    await expect
      .poll(async () => {
        const prices = (await cards(page).allInnerTexts()).map(firstPrice);
        return prices.length > 0 && prices.every((price) => price >= 200 && price <= 300);
      })
      .toBe(true);
  });
});
