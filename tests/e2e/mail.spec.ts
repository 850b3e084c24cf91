import { expect, test } from '@playwright/test';

test.describe('order mail previews', () => {
  let consoleErrors: string[];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  /**
   * A CSP refusal (a script or style the policy blocks) would show up here. Playwright's own queries inside
   * the sandboxed mail frame are reported by Chromium as blocked script execution in about:srcdoc; those are
   * the harness's, which the check right after loading (before any frame query) proves.
   */
  const pageErrors = () => consoleErrors.filter((text) => !text.startsWith("Blocked script execution in 'about:srcdoc'"));
  test.afterEach(() => {
    expect(pageErrors()).toEqual([]);
  });

  test('the Swedish order confirmation shows a sample order inside the mail layout', async ({ page, request }) => {
    const answer = await request.post('/graphql', {
      data: { query: '{ products(filter: { sort: BESTSELLERS, limit: 3 }) { products { name } } }' },
    });
    const { data } = (await answer.json()) as { data: { products: { products: { name: string }[] } } };
    const response = await page.goto('/mail/orderconfirmed');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Orderbekräftelse' })).toBeVisible();
    await page.waitForLoadState('load');
    expect(consoleErrors).toEqual([]);
    const mail = page.frameLocator('iframe[title="Tack för din beställning 100042"]');
    await expect(mail.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    await expect(mail.getByText('Retro Spelbutiken', { exact: true })).toBeVisible();
    for (const { name } of data.products.products) await expect(mail.getByText(name, { exact: true })).toBeVisible();
    await expect(mail.getByText('Totalt', { exact: true })).toBeVisible();
    await page.getByText('Textversion').click();
    await expect(page.getByText('Leveransadress:', { exact: false })).toBeVisible();
  });

  test('the English shipping notice has a tracking link', async ({ page }) => {
    const response = await page.goto('/en/mail/ordershipped');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping notice' })).toBeVisible();
    await page.waitForLoadState('load');
    expect(consoleErrors).toEqual([]);
    const mail = page.frameLocator('iframe');
    await expect(mail.getByRole('heading', { name: 'Your order has shipped' })).toBeVisible();
    await expect(mail.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', /^https:\/\//);
  });
});
