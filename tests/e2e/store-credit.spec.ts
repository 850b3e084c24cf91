import { expect, test } from '@playwright/test';
import { formatShopDate } from '../../src/shared/dates';
import { formatMoney } from '../../src/shared/money';
import { untilHydrated } from '../support/hydration';
import { expectNoSidewaysScroll } from '../support/page-fit';
import { bookCredit, buyableProducts, cartWith, registerByApi, setStock } from '../support/shop-api';

test.describe('store credit', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'ralph-cookie-consent', value: 'true', url: baseURL ?? '' }]);
  });

  test('a customer with credit pays part of an order with it and finds the movement on the balance page', async ({ page, request, context, baseURL }, testInfo) => {
    // A registration (a slow password hash), the checkout and the balance page: more than a plain checkout test.
    test.slow();
    const product = (await buyableProducts(request))[19]!;
    const skuId = product.skus[0]!.skuId;
    await setStock(request, skuId, 50);
    const email = `credit-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.se`;
    const token = await registerByApi(request, email, { phoneNumber: '070-765 43 21', streetAddress: 'Sveavägen 2', zip: '113 50', city: 'Stockholm' });
    // Less than any order costs with shipping, so the balance pays a part and the card the rest.
    await bookCredit(request, token, 20, 'Ersättning för sen leverans');
    await context.addCookies([{ name: 'apollo-token', value: token, url: baseURL! }]);
    await cartWith(request, context, baseURL!, [{ skuId }]);

    await page.goto('/kassan');
    await untilHydrated(page);
    await page.getByRole('radio', { name: /PostNord – hämta hos ombud/ }).check();
    const payment = page.getByRole('region', { name: 'Betalning' });
    const useCredit = payment.getByRole('checkbox', { name: `Använd mitt saldo (${formatMoney(2_000, 'sv')})` });
    // On by default: credit the customer was given is used unless they keep it.
    await expect(useCredit).toBeChecked();
    // The amount beside a label of the summary (its term's own definition).
    const row = (label: string) => payment.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
    await expect(row('Saldo')).toHaveText(`−${formatMoney(2_000, 'sv')}`);
    const minor = async (label: string) => Math.round(Number((await row(label).textContent())!.replace(/[^\d,−-]/g, '').replace('−', '-').replace(',', '.')) * 100);
    // Both read together until they agree: the totals follow the chosen delivery, which the server prices a moment later.
    // The amount left is compared with the total of the same reading: one read apart, the total could be the one from
    // before the delivery was priced (CI once expected 79 kr from it while the page rightly showed 128 kr).
    const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
    const leftToPayIsTotalLessCredit = async () => {
      await expect.poll(async () => (await minor('Totalt')) - (await minor('Kvar att betala'))).toBe(2_000);
      // And shown as the shop shows money.
      await expect
        .poll(async () => {
          const total = await minor('Totalt');
          return spaced((await row('Kvar att betala').textContent()) ?? '') === spaced(formatMoney(total - 2_000, 'sv'));
        })
        .toBe(true);
    };
    await leftToPayIsTotalLessCredit();
    // Keeping it for later puts the whole amount back to pay; using it again takes it off.
    await useCredit.uncheck();
    await expect(row('Saldo')).toHaveCount(0);
    await useCredit.check();
    await leftToPayIsTotalLessCredit();
    await expectNoSidewaysScroll(page, 'checkout with store credit');

    await payment.getByRole('radio', { name: /^Kort/ }).check();
    await payment.getByRole('checkbox', { name: /Jag godkänner köpvillkoren/ }).check();
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`Saldo−${formatMoney(2_000, 'sv')}`);
    const orderNumber = (await page.getByRole('main').getByRole('term').filter({ hasText: /^Ordernummer$/ }).locator('xpath=following-sibling::dd').textContent())!.trim();

    await page.goto('/mina-sidor/saldo');
    await expect(page.getByRole('heading', { level: 1, name: 'Saldo' })).toBeVisible();
    await expect(page.getByText('Ditt saldo:')).toHaveText(`Ditt saldo: ${formatMoney(0, 'sv')}`);
    const movements = page.getByRole('region', { name: 'Händelser' }).getByRole('listitem');
    await expect(movements).toHaveCount(2);
    const drawn = movements.nth(0);
    await expect(drawn).toContainText(`Använt vid köp · Order ${orderNumber}`);
    await expect(drawn).toContainText(formatMoney(-2_000, 'sv'));
    await expect(drawn).toContainText(`Saldo efter: ${formatMoney(0, 'sv')}`);
    await expect(movements.nth(1)).toContainText('Ersättning för sen leverans');
    await expect(movements.nth(1)).toContainText(`Saldo efter: ${formatMoney(2_000, 'sv')}`);
    // The day in the shop's time zone, in Swedish, whatever zone the test machine runs in.
    const day = drawn.locator('time');
    await expect(day).toHaveText(formatShopDate((await day.getAttribute('datetime'))!, 'sv-SE'));
    await expectNoSidewaysScroll(page, 'balance page');
  });
});
