import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { collectErrors, untilHydrated } from '../support/hydration';
import { PHONE_ONLY } from '../support/projects';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
});

/** Every card's one action: buy (or pre-order) straight away, choose a variant, or ask to hear when it is back. */
const cardAction = (card: Locator) =>
  card.getByRole('button', { name: /^(Köp|Förbeställ nu) / }).or(card.getByRole('link', { name: /^(Välj variant|Bevaka varan) / }));

/** The cards of a grid grouped by the line they sit on. */
async function cardRows(cards: Locator): Promise<Locator[][]> {
  const rows = new Map<number, Locator[]>();
  for (const card of await cards.all()) {
    const box = (await card.boundingBox())!;
    const top = Math.round(box.y);
    rows.set(top, [...(rows.get(top) ?? []), card]);
  }
  return [...rows.values()];
}

async function expectEvenRows(cards: Locator, what: string) {
  const rows = await cardRows(cards);
  expect(rows.some((row) => row.length > 1), `${what}: several cards share a row`).toBe(true);
  for (const row of rows) {
    const heights = await Promise.all(row.map(async (card) => Math.round((await card.boundingBox())!.height)));
    expect(new Set(heights).size, `${what}: card heights in one row ${heights.join(', ')}`).toBe(1);
    const actionTops = [];
    for (const card of row) {
      await expect(cardAction(card), `${what}: one action in ${await card.getByRole('heading').textContent()}`).toHaveCount(1);
      actionTops.push(Math.round((await cardAction(card).boundingBox())!.y));
    }
    expect(new Set(actionTops).size, `${what}: actions line up`).toBe(1);
  }
}

interface ListedProduct {
  name: string;
  canonicalUrl: string;
  images: string[] | null;
  skus: unknown[];
  stock: { status: string; oversellable: boolean };
}

async function productsWhere(request: APIRequestContext, keep: (p: ListedProduct) => boolean): Promise<ListedProduct[]> {
  const res = await request.post('/graphql', {
    data: { query: '{ products(filter: { limit: 100, sort: BESTSELLERS }) { products { name canonicalUrl images skus { skuId } stock { status oversellable } } } }' },
  });
  return ((await res.json()) as { data: { products: { products: ListedProduct[] } } }).data.products.products.filter(keep);
}

/** The product's own card among the search results (several products can share a name across platforms). */
async function cardOf(page: Page, product: ListedProduct): Promise<Locator> {
  await page.goto(`/s/${encodeURIComponent(product.name)}`);
  return page.getByRole('article').filter({ has: page.locator(`a[href="${product.canonicalUrl}"]`) });
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('the home page', () => {
  test('is a shop front: campaign hero, category entry points, bestsellers, news and the selling points', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Retrospel och konsoler' })).toBeVisible();
    const hero = region(page, 'Sommarrea 20 %');
    await expect(hero.getByText('Kampanj just nu')).toBeVisible();
    const campaign = hero.getByRole('link', { name: 'Till kampanjen – Sommarrea 20 %' });
    await expect(campaign).toHaveAttribute('href', /^\/dc\/[a-z0-9-]+$/);

    const categories = page.getByRole('navigation', { name: 'Handla efter kategori' });
    await expect(categories.getByRole('link')).toHaveText(['Spel', 'Konsoler', 'Tillbehör']);
    for (const link of await categories.getByRole('link').all()) await expect(link).toHaveAttribute('href', /^\/c\/[a-z0-9-]+$/);
    // The tiles' pictures are decorative (no role or name to find them by) and are asked for once the page has
    // hydrated, so they do not share a slow link with its scripts: each arrives.
    const pictures = categories.locator('img');
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }

    for (const name of ['Mest sålda', 'Nyheter']) {
      await expect(region(page, name).getByRole('article')).toHaveCount(6);
    }
    await expect(region(page, 'Mest sålda').getByRole('link', { name: 'Se alla – Mest sålda' })).toHaveAttribute('href', '/allt?sort=BESTSELLERS');
    const usps = region(page, 'Därför handlar du hos oss');
    for (const point of ['Rengjort och testat', 'Leverans nästa dag', 'Fri retur']) await expect(usps.getByText(point, { exact: true })).toBeVisible();

    await categories.getByRole('link', { name: 'Konsoler' }).click();
    await expect(page).toHaveURL(/\/c\/konsoler$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Konsoler' })).toBeVisible();
    await page.goBack();
    await campaign.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sommarrea 20 %' })).toBeVisible();
  });

  test('says the same in English', { tag: PHONE_ONLY }, async ({ page }) => {
    await page.goto('/en');
    await expect(region(page, 'Summer sale 20 %').getByRole('link', { name: 'Shop the offer – Summer sale 20 %' })).toHaveAttribute('href', /^\/en\/dc\//);
    await expect(page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link')).toHaveText(['Games', 'Consoles', 'Accessories']);
    await expect(region(page, 'Bestsellers').getByRole('article')).toHaveCount(6);
    await expect(region(page, 'New arrivals').getByRole('article')).toHaveCount(6);
    const usps = region(page, 'Why shop with us');
    for (const point of ['Cleaned and tested', 'Next-day delivery', 'Free returns']) await expect(usps.getByText(point, { exact: true })).toBeVisible();
  });

  test('is the shop owner\'s widgets, hydrated where the server drew them, with nothing shifting', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    const bestsellers = region(page, 'Mest sålda');
    const before = await bestsellers.boundingBox();
    await untilHydrated(page);
    // Nothing the page draws moves as it hydrates and what comes after loads: the server's HTML stays where it was.
    await page.waitForLoadState('networkidle');
    expect(await bestsellers.boundingBox()).toEqual(before);
    await expect(region(page, 'Därför handlar du hos oss').getByText('Varje spel, konsol och tillbehör går igenom vår verkstad innan det säljs.')).toBeVisible();
    // Back from a list the widgets come through the browser's own loader rather than the server's HTML.
    await bestsellers.getByRole('link', { name: 'Se alla – Mest sålda' }).click();
    await expect(page).toHaveURL(/\/allt\?sort=BESTSELLERS$/);
    await page.goBack();
    await expect(region(page, 'Nyheter').getByRole('article')).toHaveCount(6);
    expect(errors).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('comes whole from the server', async ({ page }) => {
      await page.goto('/');
      await expect(region(page, 'Sommarrea 20 %').getByRole('link', { name: /^Till kampanjen/ })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Handla efter kategori' }).getByRole('link')).toHaveCount(3);
      await expect(region(page, 'Mest sålda').getByRole('article')).toHaveCount(6);
      await expect(region(page, 'Nyheter').getByRole('article')).toHaveCount(6);
      await expect(region(page, 'Därför handlar du hos oss').getByRole('listitem')).toHaveCount(3);
    });
  });
});

test.describe('product cards', () => {
  test('in a row have the same height, and each ends in its action at the same line', async ({ page }) => {
    await page.goto('/');
    await expectEvenRows(region(page, 'Mest sålda').getByRole('article'), 'home bestsellers');
    await expectEvenRows(region(page, 'Nyheter').getByRole('article'), 'home news');
    await page.goto('/c/tillbehor');
    await expectEvenRows(page.getByRole('main').getByRole('article'), 'category list');
  });

  test('send a product with variants to its page to choose, and say so for one that is sold out', { tag: PHONE_ONLY }, async ({ page, request }) => {
    const [variants] = await productsWhere(request, (p) => p.skus.length > 1 && p.stock.status === 'IN_STOCK');
    const card = await cardOf(page, variants!);
    await card.getByRole('link', { name: `Välj variant ${variants!.name}` }).click();
    await expect(page).toHaveURL(/\/p\//);
    await expect(page.getByRole('heading', { level: 1, name: variants!.name })).toBeVisible();

    const [soldOut] = await productsWhere(request, (p) => !p.stock.oversellable && (p.stock.status === 'OUT_OF_STOCK' || p.stock.status === 'INCOMING'));
    const soldOutCard = await cardOf(page, soldOut!);
    await expect(soldOutCard.getByRole('link', { name: `Bevaka varan ${soldOut!.name}` })).toBeVisible();
    await expect(soldOutCard.getByRole('button', { name: /^Köp / })).toHaveCount(0);
  });

  test('show every product\'s own picture, none the missing-picture placeholder', { tag: PHONE_ONLY }, async ({ page, request }) => {
    expect(await productsWhere(request, (p) => !p.images?.length)).toEqual([]);
    // A name a newcomer met as a placeholder in the search.
    await page.goto('/s/metroid');
    await expect(page.getByRole('article').getByRole('img', { name: /Metroid/ }).first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('img', { name: 'Bild saknas' })).toHaveCount(0);
  });
});

test.describe('the drawn brand marks', () => {
  test('the logo is drawn, and the payment and carrier marks are pictures with their names', async ({ page }) => {
    await page.goto('/');
    const logo = page.getByRole('banner').getByRole('link', { name: 'Retro Spelbutiken' });
    await expect(logo.locator('svg:visible')).toHaveCount(1);
    const marks = page.getByRole('contentinfo').getByRole('region', { name: 'Betalsätt och frakt' }).getByRole('listitem');
    await expect(marks).toHaveText(['Kort', 'Faktura', 'Delbetalning', 'Betala senare', 'PostNord', 'DHL', 'Budbee', 'Instabox']);
    for (const mark of await marks.all()) await expect(mark.locator('svg')).toBeVisible();
  });
});
