import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { untilHydrated } from '../support/hydration';
import { PHONE_ONLY } from '../support/projects';

/** What the tests need to know about the seeded catalog, read through the public API. */
interface CatalogSku {
  skuId: number;
  name: string;
  price: { sellingPriceIncVatFormatted: string };
  stock: { status: string; totalStock: number };
}
interface CatalogProduct {
  productId: number;
  name: string;
  canonicalUrl: string;
  images: string[] | null;
  unitPrice: { sellingPriceIncVatFormatted: string; isDiscounted: boolean; discountPercentage: number };
  discountCampaigns: { name: string; hideTitle: boolean; canonicalUrl: string }[];
  alternates: { languageId: string; canonicalUrl: string }[];
  skus: CatalogSku[];
}
interface Picks {
  /** Several SKUs: one with five or more in stock, one with a few left, one sold out (not oversellable). */
  mixed: CatalogProduct;
  /** Several SKUs, one of them sold out but oversellable. */
  preOrder: CatalogProduct;
  /** One SKU, in stock. */
  single: CatalogProduct;
  /** Three pictures (and several SKUs, so nothing is chosen and the add button is enabled). */
  gallery: CatalogProduct;
  /** In a campaign that shows its name. */
  namedCampaign: CatalogProduct;
  /** Discounted only by a campaign that hides its name. */
  hiddenCampaign: CatalogProduct;
}

const PRODUCT_FIELDS = `productId name canonicalUrl images unitPrice { sellingPriceIncVatFormatted isDiscounted discountPercentage }
  discountCampaigns { name hideTitle canonicalUrl }
  alternates { languageId canonicalUrl }
  skus { skuId name price { sellingPriceIncVatFormatted } stock { status totalStock } }`;

async function loadCatalog(request: APIRequestContext): Promise<CatalogProduct[]> {
  const products: CatalogProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await request.post('/graphql', {
      data: {
        query: `query ($f: FilterInputType) { products(filter: $f) { count products { ${PRODUCT_FIELDS} } } }`,
        variables: { f: { limit: 100, offset, sort: 'LATEST' } },
      },
    });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { data: { products: { count: number; products: CatalogProduct[] } } };
    products.push(...body.data.products.products);
    if (products.length >= body.data.products.count || body.data.products.products.length === 0) break;
  }
  return products.sort((a, b) => a.productId - b.productId);
}

const statuses = (p: CatalogProduct) => new Set(p.skus.map((s) => s.stock.status));
const skuIn = (p: CatalogProduct, status: string) => p.skus.find((s) => s.stock.status === status)!;

function pick(products: CatalogProduct[]): Picks {
  const find = (what: string, test: (p: CatalogProduct) => boolean) => {
    const found = products.find(test);
    if (!found) throw new Error(`The seeded catalog has no product with ${what}`);
    return found;
  };
  return {
    mixed: find('in-stock, few-left and sold-out SKUs', (p) => ['IN_STOCK', 'FEW_LEFT', 'OUT_OF_STOCK'].every((s) => statuses(p).has(s))),
    preOrder: find('an oversellable SKU among several', (p) => p.skus.length > 1 && statuses(p).has('OVERSELLABLE')),
    single: find('a single in-stock SKU', (p) => p.skus.length === 1 && p.skus[0]!.stock.status === 'IN_STOCK'),
    gallery: find('three pictures', (p) => p.skus.length > 1 && (p.images?.length ?? 0) === 3),
    namedCampaign: find('a named campaign', (p) => p.skus.length > 1 && p.discountCampaigns.some((c) => !c.hideTitle)),
    hiddenCampaign: find('a discount from a hidden campaign only', (p) =>
      p.skus.length > 1 && p.unitPrice.isDiscounted && p.discountCampaigns.length > 0 && p.discountCampaigns.every((c) => c.hideTitle),
    ),
  };
}

let picks: Picks;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  picks = pick(await loadCatalog(request));
  await request.dispose();
});

/** Every page here must run without console errors. */
let consoleErrors: string[];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

const englishUrl = (p: CatalogProduct) => p.alternates.find((a) => a.languageId === 'en')!.canonicalUrl;
const radioFor = (page: Page, sku: CatalogSku) => page.getByRole('radio', { name: new RegExp(`^${sku.name}`) });
/** SKU names are translated; the English page lists the same SKUs in the same order. */
const radioAt = (page: Page, product: CatalogProduct, sku: CatalogSku) => page.getByRole('radio').nth(product.skus.indexOf(sku));
const offer = (page: Page, language: 'sv' | 'en' = 'sv') => page.getByRole('status', { name: language === 'sv' ? 'Pris och lagerstatus' : 'Price and stock' });

/** Opens a product page and waits until it has hydrated: the add button is enabled only then. */
async function openProduct(page: Page, url: string, addLabel = 'Lägg i varukorgen') {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  const add = page.getByRole('button', { name: addLabel });
  await expect(add).toBeEnabled();
  return add;
}

test.describe('product page', () => {
  test('a product with several SKUs asks for one before adding, then shows its price and stock', async ({ page }) => {
    const { mixed } = picks;
    const add = await openProduct(page, mixed.canonicalUrl);
    await expect(page.getByRole('heading', { level: 1, name: mixed.name })).toBeVisible();
    const picker = page.getByRole('group', { name: 'Välj variant' });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('radio')).toHaveCount(mixed.skus.length);
    await expect(offer(page)).toContainText(mixed.unitPrice.sellingPriceIncVatFormatted);

    await add.click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Du måste välja storlek först');
    await expect(picker.getByRole('radio').first()).toBeFocused();

    const inStock = skuIn(mixed, 'IN_STOCK');
    await radioFor(page, inStock).check();
    await expect(alert).toHaveCount(0);
    await expect(offer(page)).toContainText(inStock.price.sellingPriceIncVatFormatted);
    await expect(offer(page)).not.toContainText('Från');
    await expect(offer(page)).toContainText('+5 i lager');
    await expect(offer(page)).toContainText('Skickas nästa vardag');
    await expect(add).toBeEnabled();

    const fewLeft = skuIn(mixed, 'FEW_LEFT');
    await radioFor(page, fewLeft).check();
    await expect(offer(page)).toContainText(`${fewLeft.stock.totalStock} kvar i lager`);
    await expect(offer(page)).toContainText(fewLeft.price.sellingPriceIncVatFormatted);
    await expect(add).toBeEnabled();
  });

  test('a sold-out SKU offers the back-in-stock sign-up, which checks the email', { tag: PHONE_ONLY }, async ({ page }, testInfo) => {
    const { mixed } = picks;
    const add = await openProduct(page, mixed.canonicalUrl);
    await radioFor(page, skuIn(mixed, 'OUT_OF_STOCK')).check();
    await expect(offer(page)).toContainText('Slut i lager');
    await expect(add).toBeDisabled();

    const form = page.getByRole('form', { name: 'Bevaka varan' });
    await expect(form).toBeVisible();
    const email = form.getByRole('textbox', { name: 'Email' });
    const submit = form.getByRole('button', { name: 'Meddela mig' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Du måste ange en giltig email');
    await expect(email).toBeFocused();

    await email.fill('anna@example');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Du måste ange en giltig email');

    await email.fill(`e2e-${testInfo.project.name}@example.se`);
    await submit.click();
    await expect(page.getByText('Vi meddelar dig när varan finns i lager igen')).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(form.getByRole('alert')).toHaveCount(0);
  });

  test('a sold-out but oversellable SKU is sold as a pre-order with the delivery warning', { tag: PHONE_ONLY }, async ({ page }) => {
    const { preOrder } = picks;
    await openProduct(page, preOrder.canonicalUrl);
    await radioFor(page, skuIn(preOrder, 'OVERSELLABLE')).check();
    // The Swedish shop says it in Swedish ('Pre-order now' is the English shop's).
    await expect(page.getByRole('button', { name: 'Förbeställ nu' })).toBeEnabled();
    await expect(offer(page)).toContainText('Leveranstiden kan påverkas');
    await expect(offer(page)).toContainText('Skickas inom 5–10 vardagar');
    await expect(page.getByRole('form', { name: 'Bevaka varan' })).toHaveCount(0);
    // The product's own texts do not promise a quicker delivery than the stock status does.
    await expect(page.getByRole('region', { name: 'Mer information' })).not.toContainText('nästa vardag');
    await expect(page.getByRole('region', { name: 'Beskrivning' })).not.toContainText('nästa vardag');
  });

  test('a product with one SKU has it chosen already and shows no picker', { tag: PHONE_ONLY }, async ({ page }) => {
    const { single } = picks;
    await openProduct(page, single.canonicalUrl);
    await expect(page.getByRole('group', { name: 'Välj variant' })).toHaveCount(0);
    await expect(offer(page)).toContainText(single.skus[0]!.price.sellingPriceIncVatFormatted);
    await expect(offer(page)).toContainText('+5 i lager');
    await expect(offer(page)).toContainText('Skickas nästa vardag');
    // No picker, so nothing asks the shopper to choose above.
    await expect(page.getByText(/Välj skick ovan/)).toHaveCount(0);
  });

  test('the English page speaks English', { tag: PHONE_ONLY }, async ({ page }, testInfo) => {
    const { mixed } = picks;
    const add = await openProduct(page, englishUrl(mixed), 'Add to cart');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('group', { name: 'Choose variant' })).toBeVisible();
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('You must choose a size first');
    await radioAt(page, mixed, skuIn(mixed, 'IN_STOCK')).check();
    await expect(offer(page, 'en')).toContainText('+5 in stock');
    await expect(offer(page, 'en')).toContainText('Ships the next working day');
    await radioAt(page, mixed, skuIn(mixed, 'OUT_OF_STOCK')).check();
    const form = page.getByRole('form', { name: 'Notify me' });
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('alert')).toHaveText('You must enter a valid email');
    await form.getByRole('textbox', { name: 'Email' }).fill(`e2e-en-${testInfo.project.name}@example.se`);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status').getByText('We will let you know when it is back in stock', { exact: true })).toBeVisible();
  });

  test('structured data lists the product with an offer per SKU, and the head links both languages', { tag: PHONE_ONLY }, async ({ page }) => {
    const { mixed } = picks;
    await openProduct(page, mixed.canonicalUrl);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '') as { '@type': string; name: string; offers: { '@type': string; offers: { name: string; availability: string }[] } };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(mixed.name);
    expect(data.offers['@type']).toBe('AggregateOffer');
    expect(data.offers.offers.map((o) => o.name)).toEqual(mixed.skus.map((s) => s.name));
    const availability = Object.fromEntries(data.offers.offers.map((o) => [o.name, o.availability]));
    expect(availability[skuIn(mixed, 'IN_STOCK').name]).toBe('https://schema.org/InStock');
    expect(availability[skuIn(mixed, 'OUT_OF_STOCK').name]).toBe('https://schema.org/OutOfStock');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${mixed.canonicalUrl}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', new RegExp(`${englishUrl(mixed)}$`));
  });

  test('the heart beside the title adds and removes the favorite', { tag: PHONE_ONLY }, async ({ page }) => {
    const { mixed } = picks;
    await openProduct(page, mixed.canonicalUrl);
    const add = page.getByRole('button', { name: `Lägg till ${mixed.name} i favoriter` });
    await expect(add).toHaveAttribute('aria-pressed', 'false');
    await add.click();
    const remove = page.getByRole('button', { name: `Ta bort ${mixed.name} från favoriter` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await remove.click();
    await expect(add).toHaveAttribute('aria-pressed', 'false');
  });

  test('thumbnails switch the main picture, each a drawn picture the server serves', async ({ page }) => {
    const { gallery } = picks;
    await openProduct(page, gallery.canonicalUrl);
    const thumbs = page.getByRole('list', { name: 'Produktbilder' }).getByRole('button');
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
    const main = page.locator('.product-gallery > .product-image img');
    await expect(main).toHaveAttribute('src', `/images/${gallery.images![0]}`);
    await page.getByRole('button', { name: 'Visa bild 2 av 3' }).click();
    await expect(page.getByRole('button', { name: 'Visa bild 2 av 3' })).toHaveAttribute('aria-current', 'true');
    await expect(thumbs.first()).not.toHaveAttribute('aria-current', 'true');
    await expect(main).toHaveAttribute('src', `/images/${gallery.images![1]}`);

    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: 'Bild saknas' })).toHaveCount(0);
  });

  test('campaign badges name the campaigns, except those that hide their title', { tag: PHONE_ONLY }, async ({ page }) => {
    const { namedCampaign, hiddenCampaign } = picks;
    await openProduct(page, namedCampaign.canonicalUrl);
    const badges = page.getByRole('list', { name: 'Kampanjer' });
    for (const campaign of namedCampaign.discountCampaigns.filter((c) => !c.hideTitle)) {
      await expect(badges.getByRole('link', { name: campaign.name })).toHaveAttribute('href', campaign.canonicalUrl);
    }

    await openProduct(page, hiddenCampaign.canonicalUrl);
    const hidden = page.getByRole('list', { name: 'Kampanjer' });
    await expect(hidden).toContainText(`-${hiddenCampaign.unitPrice.discountPercentage} %`);
    for (const campaign of hiddenCampaign.discountCampaigns) await expect(hidden).not.toContainText(campaign.name);
    await expect(hidden.getByRole('link')).toHaveCount(0);
  });

  test('opened from a list, the page brings its own stylesheet with its code: the details fold on phones, open on desktop', async ({ page }) => {
    const { mixed } = picks;
    // The search's HTML has none of the product page's styles (ProductPage.tsx imports them).
    await page.goto(`/s/${encodeURIComponent(mixed.name)}`);
    await untilHydrated(page);
    let documents = 0;
    page.on('request', (request) => void (request.resourceType() === 'document' && (documents += 1)));
    await page.getByRole('main').getByRole('article').locator(`a[href="${mixed.canonicalUrl}"]`).first().click();
    // Exact: the search's own heading names the product too.
    await expect(page).toHaveURL(new RegExp(`${mixed.canonicalUrl}$`));
    await expect(page.getByRole('heading', { level: 1, name: mixed.name, exact: true })).toBeVisible();
    const description = page.getByRole('region', { name: 'Beskrivning' });
    await expect(description).toBeVisible();
    if ((page.viewportSize()?.width ?? 0) < 1024) {
      await expect(page.getByRole('button', { name: 'Beskrivning' })).toHaveCSS('min-height', '48px');
      await expect(description.getByRole('paragraph')).toBeHidden();
    } else {
      // Unstyled, the toggle would show beside the heading's title.
      await expect(page.getByRole('button', { name: 'Beskrivning' })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Beskrivning' })).toBeVisible();
      await expect(description.getByRole('paragraph')).toBeVisible();
    }
    expect(documents).toBe(0);
  });

  test('description and specification fold on phones and are open on desktop', async ({ page }, testInfo) => {
    const { mixed } = picks;
    await openProduct(page, mixed.canonicalUrl);
    const phone = (page.viewportSize()?.width ?? 0) < 1024;
    const description = page.getByRole('region', { name: 'Beskrivning' });
    const specification = page.getByRole('region', { name: 'Specifikation' });
    const terms = specification.getByRole('term');
    if (phone) {
      const toggle = page.getByRole('button', { name: 'Beskrivning' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(description.getByRole('paragraph')).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(description.getByRole('paragraph')).toBeVisible();
      await page.getByRole('button', { name: 'Specifikation' }).click();
    } else {
      expect(testInfo.project.name).toBe('desktop');
      await expect(page.getByRole('button', { name: 'Beskrivning' })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Beskrivning' })).toBeVisible();
      await expect(description.getByRole('paragraph')).toBeVisible();
    }
    await expect(terms.first()).toBeVisible();
    expect(await terms.count()).toBeGreaterThan(0);
  });
});
