import { expect, test, type Page } from '@playwright/test';

test.describe('order mail previews', () => {
  let consoleErrors: string[];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  /**
   * A CSP refusal (a script or style the policy blocks) would show up here. Chromium reports Playwright's own
   * scripts in the sandboxed mail frame as blocked script execution in about:srcdoc (and in about:blank, the
   * frame before the render script fills it), at moments of its choosing (once even before any frame query), so
   * those are left out; that the mail itself carries no script is checked on its markup instead (mailHasNoScript).
   */
  const pageErrors = () => consoleErrors.filter((text) => !/^Blocked script execution in 'about:(srcdoc|blank)'/.test(text));
  test.afterEach(() => {
    expect(pageErrors()).toEqual([]);
  });
  const mailHasNoScript = async (page: Page) => expect(await page.locator('iframe').first().getAttribute('srcdoc')).not.toMatch(/<script/i);

  test('the Swedish order confirmation shows a sample order inside the mail layout', async ({ page, request }) => {
    const answer = await request.post('/graphql', {
      data: { query: '{ products(filter: { sort: BESTSELLERS, limit: 3 }) { products { name } } }' },
    });
    const { data } = (await answer.json()) as { data: { products: { products: { name: string }[] } } };
    const response = await page.goto('/mail/orderconfirmed');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Orderbekräftelse' })).toBeVisible();
    await page.waitForLoadState('load');
    await mailHasNoScript(page);
    const mail = page.frameLocator('iframe[title="Tack för din beställning 100042"]');
    await expect(mail.getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    await expect(mail.getByText('Retro Spelbutiken', { exact: true })).toBeVisible();
    for (const { name } of data.products.products) await expect(mail.getByText(name, { exact: true })).toBeVisible();
    await expect(mail.getByText('Totalt', { exact: true })).toBeVisible();
    await page.getByText('Textversion').click();
    await expect(page.getByText('Leveransadress:', { exact: false })).toBeVisible();
  });

  test('the mail layout loads its render script, which renders the mail into the preview frame', async ({ page, browser, baseURL }) => {
    const script = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/mail/render.js');
    await page.goto('/mail/orderconfirmed');
    expect((await script).status()).toBe(200);
    const frame = page.getByTitle('Tack för din beställning 100042');
    await expect(frame).toBeVisible();
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Tack för din beställning!' })).toBeVisible();
    // Without scripts nothing renders the frame (it stays hidden), and the plain-text version is there. (Playwright's
    // switch turns script execution off but not the parser's scripting flag, so the <noscript> note is checked in
    // preview.test.ts rather than here.)
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const bare = await noScript.newPage();
      await bare.goto('/mail/orderconfirmed');
      await expect(bare.getByRole('heading', { level: 1, name: 'Orderbekräftelse' })).toBeVisible();
      await expect(bare.locator('iframe')).toBeHidden();
      await bare.getByText('Textversion').click();
      await expect(bare.getByText('Leveransadress:', { exact: false })).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('the English shipping notice has a tracking link', async ({ page }) => {
    const response = await page.goto('/en/mail/ordershipped');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping notice' })).toBeVisible();
    await page.waitForLoadState('load');
    await mailHasNoScript(page);
    const mail = page.frameLocator('iframe');
    await expect(mail.getByRole('heading', { name: 'Your order has shipped' })).toBeVisible();
    await expect(mail.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', /^https:\/\//);
  });
});
