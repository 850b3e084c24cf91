import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { buyableProducts, cartJustOverFreeShipping, cartWith, registerByApi, setStock, type CatalogProduct } from '../support/shop-api';
import { axeViolations, describeViolations } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/page-fit';
import { untilHydrated } from '../support/hydration';

/**
 * The n-th buyable product, restocked first: every test buys its own product, and never runs out however
 * many runs and retries went before.
 */
async function stockedProduct(request: APIRequestContext, n: number): Promise<CatalogProduct & { skuId: number }> {
  const product = (await buyableProducts(request))[n];
  if (!product) throw new Error(`Fewer than ${n + 1} buyable products in the catalog`);
  const skuId = product.skus[0]!.skuId;
  await setStock(request, skuId, 50);
  return { ...product, skuId };
}

const field = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: true });

async function fillPerson(page: Page, email: string) {
  await field(page, 'E-post').fill(email);
  await field(page, 'Mobilnummer').fill('070-123 45 67');
  await field(page, 'Förnamn').fill('Anna');
  await field(page, 'Efternamn').fill('Svensson');
  await field(page, 'Gatuadress').fill('Storgatan 1');
  await field(page, 'Postnummer').fill('111 22');
  await field(page, 'Ort').fill('Stockholm');
}

/**
 * Holds the page's placeOrder answer until the order's emptied cart has reached the page over the live socket, as
 * it may first on a busy server: the page's reaction to that event then meets an order still on its way.
 */
async function cartNewsBeforeOrderAnswer(page: Page): Promise<void> {
  let subscribed!: () => void;
  let emptied!: () => void;
  const cartSubscribed = new Promise<void>((resolve) => (subscribed = resolve));
  const emptiedHeard = new Promise<void>((resolve) => (emptied = resolve));
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => void (String(payload).includes('cartChanged') && subscribed()));
    ws.on('framereceived', ({ payload }) => void (/"cartChanged":\{[^]*"items":\[\]/.test(String(payload)) && emptied()));
  });
  await page.route('**/graphql', async (route) => {
    if (!route.request().postData()?.includes('placeOrder')) return route.fallback();
    const response = await route.fetch();
    await emptiedHeard;
    await route.fulfill({ response });
  });
  return cartSubscribed;
}

/** The value of a term in a description list on the page, e.g. a fact of the order confirmation. */
const fact = (page: Page, term: string) =>
  page.getByRole('main').getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');

async function chooseShippingAndPay(page: Page, method: RegExp) {
  await page.getByRole('radio', { name: /PostNord – hämta hos ombud/ }).check();
  // The payment step opens once the server has judged the form valid.
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('checkbox', { name: /Jag godkänner köpvillkoren/ }).check();
}

test.describe('checkout', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('a guest buys a product as a person and pays by card', async ({ page, request }) => {
    const product = await stockedProduct(request, 0);
    await page.goto(product.canonicalUrl);
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('dialog', { name: 'Varukorg' }).getByRole('link', { name: product.name })).toBeVisible();
    await page.goto('/kassan');
    await untilHydrated(page);
    await expect(page.getByRole('heading', { name: 'Kassan', level: 1 })).toBeVisible();
    // Undistracted: no menu, search or mini cart in the checkout.
    await expect(page.getByRole('button', { name: /^Varukorg,/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Din varukorg' })).toContainText(product.name);
    await expect(page.getByText('Fyll i dina uppgifter, postnummer och fraktsätt för att välja betalsätt.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Kort/ })).toBeDisabled();
    await fillPerson(page, 'anna@example.se');
    await chooseShippingAndPay(page, /^Kort/);
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm\?order=/);
    await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    await expect(page.getByText('anna@example.se')).toBeVisible();
    await expect(page.getByRole('main')).toContainText(product.name);
    await expect(page.getByRole('main')).toContainText('Mottagen');
    await expect(page.getByRole('main')).toContainText('Kort');
    // The method's name already names the carrier: it is printed once.
    await expect(fact(page, 'Fraktsätt')).toHaveText('PostNord – hämta hos ombud');
    // The cart was emptied by the order.
    await page.getByRole('link', { name: 'Fortsätt handla' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Varukorg,/ })).toHaveAccessibleName('Varukorg, Varukorgen är tom');
  });

  test('a company pays by invoice with its organisation number', async ({ page, request, context, baseURL }) => {
    const product = await stockedProduct(request, 1);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId, quantity: 2 }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    await page.getByRole('radio', { name: 'Företag' }).check();
    await field(page, 'Företagsnamn').fill('Retro AB');
    await field(page, 'Organisationsnummer').fill('556036-0794');
    await field(page, 'Organisationsnummer').blur();
    await expect(page.getByText('Du måste ange ett giltigt organisationsnummer')).toBeVisible();
    await field(page, 'Organisationsnummer').fill('556036-0793');
    await fillPerson(page, 'inkop@retro.example');
    await chooseShippingAndPay(page, /^Faktura/);
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Faktura');
    await expect(page.getByRole('main')).toContainText('Retro AB');
    await expect(page.getByRole('main')).toContainText(`2 × ${product.name}`);
  });

  test('a failed payment lands on the failure page, and going back finds the cart and form as they were', async ({ page, request, context, baseURL }) => {
    const product = await stockedProduct(request, 2);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    const live = cartNewsBeforeOrderAnswer(page);
    await page.goto('/kassan');
    await untilHydrated(page);
    await fillPerson(page, 'fail+blocked@example.se');
    await chooseShippingAndPay(page, /^Betala senare/);
    await live;
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page).toHaveURL(/\/checkout\/klarna-fail\?/);
    await expect(page.getByRole('heading', { name: 'Betalningen gick inte igenom' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Betalningen nekades av betalningsleverantören');
    await page.getByRole('link', { name: 'Gå tillbaka' }).click();
    await expect(page).toHaveURL(/\/kassan$/);
    await expect(page.getByRole('region', { name: 'Din varukorg' })).toContainText(product.name);
    await expect(field(page, 'E-post')).toHaveValue('fail+blocked@example.se');
    // The terms are accepted anew for each order the server takes, a failed one too: nothing the page did on its
    // way out may have ticked them again.
    const terms = page.getByRole('checkbox', { name: /Jag godkänner köpvillkoren/ });
    await expect(terms).not.toBeChecked();
    // A good address now pays.
    await field(page, 'E-post').fill('anna@example.se');
    await field(page, 'E-post').blur();
    await terms.check();
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
  });

  test("a signed-in customer's checkout starts with the details saved under Mina sidor, and keeps what was typed", async ({ page, request, context, baseURL }, testInfo) => {
    // A registration (a slow password hash), two page loads and a save: more than a plain checkout test.
    test.slow();
    const product = await stockedProduct(request, 7);
    const email = `prefill-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.se`;
    const token = await registerByApi(request, email, { phoneNumber: '070-765 43 21', careOf: 'Lind', streetAddress: 'Sveavägen 2', zip: '113 50', city: 'Stockholm' });
    await context.addCookies([{ name: 'apollo-token', value: token, url: baseURL! }]);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    const saved = { 'E-post': email, Förnamn: 'Berit', Efternamn: 'Berg', Mobilnummer: '070-765 43 21', Gatuadress: 'Sveavägen 2', Postnummer: '113 50', Ort: 'Stockholm' };
    for (const [name, value] of Object.entries(saved)) await expect(field(page, name)).toHaveValue(value);
    await expect(field(page, /^c\/o/)).toHaveValue('Lind');
    // Stored at once: the carriers for the saved postcode are offered without a keystroke.
    await expect(page.getByRole('radio', { name: /PostNord – hämta hos ombud/ })).toBeEnabled();

    // What the shopper types in this checkout wins over the saved details, after a reload too.
    const stored = page.waitForResponse((answer) => answer.request().method() === 'POST' && (answer.request().postData() ?? '').includes('SaveCheckout'));
    await field(page, 'Förnamn').fill('Anna');
    await field(page, 'Förnamn').blur();
    await stored;
    await page.reload();
    await untilHydrated(page);
    await expect(field(page, 'Förnamn')).toHaveValue('Anna');
    await expect(field(page, 'Efternamn')).toHaveValue('Berg');
    await expect(field(page, 'Gatuadress')).toHaveValue('Sveavägen 2');
  });

  test('the address reads c/o above the street, and beside the form the cart says what the order costs', async ({ page, request, context, baseURL }) => {
    await page.setViewportSize({ width: 1360, height: 900 });
    const product = await stockedProduct(request, 8);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    await expect(field(page, /^c\/o/)).toBeVisible();
    const names = await page
      .getByRole('region', { name: 'Leveransadress' })
      .getByRole('textbox')
      .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('name')));
    expect(names.indexOf('careOf')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('careOf')).toBe(names.indexOf('streetAddress') - 1);

    const row = (region: string, term: string) =>
      page
        .getByRole('region', { name: region })
        .locator('div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole('definition');
    // No carrier chosen yet: the fee is not known, and the sum is the payment step's.
    await expect(row('Din varukorg', 'Frakt')).toHaveText('–');
    await expect(row('Din varukorg', 'Att betala')).toHaveText((await row('Betalning', 'Att betala').textContent())!);
    await expect(row('Din varukorg', 'Att betala')).toHaveText(/\d/);
    await expectNoSidewaysScroll(page, 'checkout at 1360');
  });

  test('every problem is named at its field, and the terms must be accepted', async ({ page, request, context, baseURL }) => {
    const product = await stockedProduct(request, 3);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('status').getByText('Se till att alla fält är giltiga')).toBeVisible();
    await expect(field(page, 'E-post')).toBeFocused();
    await expect(field(page, 'E-post')).toHaveAccessibleDescription('Detta fält är obligatoriskt');
    await expect(page.getByText('Du måste godkänna köpvillkoren innan du slutför ditt köp')).toBeVisible();
    await field(page, 'E-post').fill('anna@');
    await field(page, /^Personnummer/).fill('811218-9877');
    await field(page, 'Postnummer').fill('123');
    await field(page, 'Ort').focus();
    await expect(field(page, 'E-post')).toHaveAccessibleDescription('Du måste ange en giltig email');
    await expect(page.getByText('Du måste ange ett giltigt personnummer')).toBeVisible();
    await expect(page.getByText('Hittade inga fraktalternativ för angivet postnummer')).toBeVisible();
    await field(page, 'Postnummer').fill('111 22');
    await expect(page.getByRole('radio', { name: /Budbee/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Faktura/ })).toBeDisabled();
  });

  test('a discount code and a gift card in the checkout lower what is left to pay, and the card pays it all', async ({ page, request, context, baseURL }) => {
    const product = await stockedProduct(request, 6);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId, quantity: 3 }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    const cart = page.getByRole('region', { name: 'Din varukorg' });
    await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('FINNSINTE');
    await cart.getByRole('textbox', { name: 'Rabattkod' }).press('Enter');
    await expect(cart.getByRole('alert')).toHaveText('Koden är ej giltig');
    await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('RETRO10');
    await cart.getByRole('textbox', { name: 'Rabattkod' }).press('Enter');
    await expect(cart.getByText('Aktiv rabattkod:')).toContainText('RETRO10');
    await expect(page.getByRole('term').filter({ hasText: 'Rabattkod' })).toBeVisible();
    await cart.getByRole('textbox', { name: 'Presentkort' }).fill('PRESENTKORTTOMT');
    await cart.getByRole('button', { name: 'Använd' }).nth(1).click();
    await expect(cart.getByRole('alert')).toHaveText('Presentkortet är ogiltigt eller förbrukat');
    await cart.getByRole('textbox', { name: 'Presentkort' }).fill('presentkorttest');
    await cart.getByRole('textbox', { name: 'Presentkort' }).press('Enter');
    await expect(cart.getByText(/Presentkort PRESENTKORTTEST \(saldo/)).toBeVisible();
    await fillPerson(page, 'anna@example.se');
    await page.getByRole('radio', { name: /PostNord – hämta hos ombud/ }).check();
    // Nothing is left to pay, so there is no payment method to choose.
    await expect(page.getByText('Presentkortet täcker hela beloppet. Du behöver inte välja betalsätt.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Kort/ })).toHaveCount(0);
    await page.getByRole('checkbox', { name: /Jag godkänner köpvillkoren/ }).check();
    const totals = page.getByRole('region', { name: 'Betalning' });
    const row = (label: string) => totals.locator('div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole('definition');
    await expect(row('Rabattkod')).toHaveText(/^−\d/);
    await expect(row('Presentkort')).toHaveText(/^−\d/);
    await expect(row('Kvar att betala')).toHaveText('0 kr');
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('BetalsättPresentkort');
    await expect(page.getByRole('main')).toContainText('Kvar att betala0 kr');
  });

  test("a discount code that costs the free shipping says what it does with the chosen carrier's fee", async ({ page, request, context, baseURL }) => {
    const { sellingMinor } = await cartJustOverFreeShipping(request, context, baseURL!);
    const discountMinor = Math.round(sellingMinor / 10);
    await page.goto('/kassan');
    await untilHydrated(page);
    const cart = page.getByRole('region', { name: 'Din varukorg' });
    await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('RETRO10');
    await cart.getByRole('textbox', { name: 'Rabattkod' }).press('Enter');
    await expect(cart.getByText('Aktiv rabattkod:')).toContainText('RETRO10');
    await fillPerson(page, 'anna@example.se');
    const totals = page.getByRole('region', { name: 'Betalning' });
    const told = 'Koden tar varorna under gränsen för fri frakt, så frakten på';
    await page.getByRole('radio', { name: /PostNord – hämta hos ombud/ }).check();
    await expect(totals.getByText(told)).toHaveText(`${told} 49 kr tillkommer. Med koden sparar du ${formatMoney(discountMinor - 4_900, 'sv')} totalt.`);
    // Budbee's fee is more than the code takes off.
    await page.getByRole('radio', { name: /Budbee/ }).check();
    await expect(totals.getByText(told)).toHaveText(`${told} 69 kr tillkommer. Med koden betalar du ${formatMoney(6_900 - discountMinor, 'sv')} mer totalt.`);
  });

  test('the checkout works in English at /en/checkout', async ({ page, request, context, baseURL }) => {
    const product = await stockedProduct(request, 4);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    await page.goto('/en/checkout');
    await untilHydrated(page);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await field(page, 'Email').fill('anna@example.se');
    await field(page, 'Mobile number').fill('+46 70 123 45 67');
    await field(page, 'First name').fill('Anna');
    await field(page, 'Last name').fill('Svensson');
    await field(page, 'Street address').fill('Storgatan 1');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('NO');
    await field(page, 'Postcode').fill('0150');
    await field(page, 'Town or city').fill('Oslo');
    await expect(page.getByRole('radio', { name: /Budbee/ })).toHaveCount(0);
    await page.getByRole('radio', { name: /PostNord/ }).check();
    await page.getByRole('radio', { name: /^Instalments/ }).check();
    await page.getByRole('checkbox', { name: /I accept the terms of purchase/ }).check();
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/confirm\?/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  });

  test('an empty cart has nothing to check out', async ({ page }) => {
    await page.goto('/kassan');
    await untilHydrated(page);
    await expect(page.getByText('Din varukorg är tom.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fortsätt handla' })).toHaveAttribute('href', '/');
  });
});

test.describe('the checkout and the order confirmation on the smallest phones', () => {
  for (const width of [320, 360]) {
    test(`fit ${width} px with a discount code's note, the carriers, the payment step and the confirmation`, async ({ page, request, context, baseURL }) => {
      await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL! }]);
      await page.setViewportSize({ width, height: 640 });
      await cartJustOverFreeShipping(request, context, baseURL!);
      await page.goto('/kassan');
      await untilHydrated(page);
      const cart = page.getByRole('region', { name: 'Din varukorg' });
      await expect(cart.getByRole('textbox', { name: 'Rabattkod' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the checkout');
      await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('RETRO10');
      await cart.getByRole('textbox', { name: 'Rabattkod' }).press('Enter');
      await expect(cart.getByText('Aktiv rabattkod:')).toContainText('RETRO10');
      await fillPerson(page, 'anna@example.se');
      await chooseShippingAndPay(page, /^Kort/);
      await expect(page.getByRole('region', { name: 'Betalning' }).getByText(/så frakten på 49\skr tillkommer/)).toBeVisible();
      await expectNoSidewaysScroll(page, 'the filled-in checkout');
      await page.getByRole('button', { name: 'Slutför köp' }).click();
      await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the order confirmation');
      await page.goto('/checkout/confirm');
      await expect(page.getByRole('heading', { name: 'Beställningen hittades inte' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the order confirmation without an order');
    });
  }
});

test.describe('the payment return pages without a valid order', () => {
  // Missing, empty, half, malformed and unknown order and token.
  const links = ['', '?order=&token=', '?order=abc', `?order=${'%3C'.repeat(300)}&token=%20%22`, '?order=no-such-order&token=no-such-token'];

  test('/checkout/confirm and /checkout/klarna-fail say the order was not found and lead back to the shop', async ({ page }) => {
    for (const path of ['/checkout/confirm', '/checkout/klarna-fail']) {
      for (const query of links) {
        await page.goto(path + query);
        await expect(page.getByRole('heading', { level: 1, name: 'Beställningen hittades inte' }), path + query).toBeVisible();
        await expect(page.getByText('Länken pekar inte på någon beställning. Kontrollera länken i din orderbekräftelse.')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Fortsätt handla' })).toHaveAttribute('href', '/');
        // Nothing is waited for, and no payment is said to have failed.
        await expect(page.getByText('Vi stämmer av betalningen…')).toHaveCount(0);
        await expect(page.getByText('Betalningen gick inte igenom')).toHaveCount(0);
        await expect(page).toHaveTitle(/^Beställningen hittades inte/);
      }
    }
  });

  test('in English at /en/checkout/confirm and /en/checkout/klarna-fail', async ({ page }) => {
    for (const path of ['/en/checkout/confirm', '/en/checkout/klarna-fail']) {
      for (const query of [links[0]!, links[4]!]) {
        await page.goto(path + query);
        await expect(page.getByRole('heading', { level: 1, name: 'Order not found' }), path + query).toBeVisible();
        await expect(page.getByText('The link does not lead to an order. Check the link in your order confirmation.')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/en');
        await expect(page.getByText('Checking your payment…')).toHaveCount(0);
        await expect(page.getByText('The payment did not go through')).toHaveCount(0);
      }
    }
  });
});

test.describe('checkout accessibility: no serious or critical axe violations', () => {
  // axe-core is injected as a script, which the shop's CSP (nonce'd scripts only) would refuse.
  test.use({ bypassCSP: true });

  test('the checkout with every error showing, and the confirmation', async ({ page, request, context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
    const product = await stockedProduct(request, 5);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByText('Du måste godkänna köpvillkoren innan du slutför ditt köp')).toBeVisible();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await fillPerson(page, 'anna@example.se');
    await chooseShippingAndPay(page, /^Kort/);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
  });
});

test.describe('checkout and the header toggles', () => {
  test('a shopper who chose Företag in the header starts the checkout as a company', async ({ page, request, context, baseURL }) => {
    const state = { favorites: [], customerType: 'ORGANIZATION', vatIncluded: false };
    await context.addCookies([
      { name: 'ralph-cookie-consent', value: 'true', url: baseURL! },
      { name: 'ralph-state', value: encodeURIComponent(JSON.stringify(state)), url: baseURL! },
    ]);
    const product = await stockedProduct(request, 7);
    await cartWith(request, context, baseURL!, [{ skuId: product.skuId }]);
    await page.goto('/kassan');
    await untilHydrated(page);
    await expect(page.getByRole('radio', { name: 'Företag' })).toBeChecked();
    await expect(field(page, 'Företagsnamn')).toBeVisible();
    await expect(field(page, 'Organisationsnummer')).toBeVisible();
  });
});
