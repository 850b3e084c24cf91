import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import { createTestApp, gql } from '../../testing/app';
import { openTestDb, testDbKinds } from '../../testing/db';
import { enqueueMail } from './outbox-store';

type App = Awaited<ReturnType<typeof createTestApp>>;

const ADMIN = { ADMIN_EMAIL: 'admin@retro.example', ADMIN_PASSWORD: 'correct horse battery' };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

describe.each(testDbKinds())('mail previews on %s', (kind) => {
  let db: Db;
  let app: App;
  let bestsellers: { sv: string; en: string; price: number }[];

  beforeAll(async () => {
    db = await openTestDb(kind);
    app = await createTestApp(db, ADMIN);
    bestsellers = await db.query(
      `SELECT sv.name AS sv, en.name AS en,
         (SELECT price_minor FROM skus WHERE skus.product_id = p.product_id ORDER BY sort_order, sku_id LIMIT 1) AS price
       FROM products p
       JOIN product_translations sv ON sv.product_id = p.product_id AND sv.language_id = 'sv'
       JOIN product_translations en ON en.product_id = p.product_id AND en.language_id = 'en'
       ORDER BY p.sales_count DESC, p.product_id LIMIT 3`,
    );
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const get = (url: string) => app.fastify.inject({ url, headers: { accept: 'text/html' } });
  /** The mail the layout page's render script puts into its frame: the JSON the page carries, parsed as the script does. */
  const framed = (page: string) => JSON.parse(/<script type="application\/json" id="mail-html">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '""') as string;

  it('previews the order confirmation in Swedish with the three bestsellers as a sample order', async () => {
    for (const url of ['/mail/orderconfirmed', '/mail/orderconfirmed/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/^<!DOCTYPE html><html lang="sv">/);
      expect(res.body).toContain('<h1');
      expect(res.body).toContain('Orderbekräftelse');
      // The layout page loads its render script, a file of the shop's own (so the shop's CSP needs no exception),
      // and runs nothing inline: the mail travels as JSON and the frame starts empty.
      expect([...res.body.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="/mail/render.js" defer="">', '<script type="application/json" id="mail-html">']);
      expect(res.body).toMatch(/<iframe id="mail-frame" title="[^"]*" hidden="" sandbox="allow-popups allow-popups-to-escape-sandbox"/);
      expect(res.body).not.toMatch(/srcdoc/i);
      expect(res.body).toContain('<noscript><p style="margin:0 0 12px">Mailet visas med JavaScript påslaget. Textversionen finns här nedanför.</p></noscript>');
      expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
      const mail = framed(res.body);
      expect(mail).toContain('Tack för din beställning!');
      for (const product of bestsellers) expect(mail).toContain(escapeHtml(product.sv));
      expect(mail).toContain(formatMoney(bestsellers[1]!.price * 2, 'sv'));
      expect(mail).toContain('Retro Spelbutiken');
    }
  });

  it('serves the render script, which puts the JSON mail into the frame, and keeps a mail from ending its JSON early', async () => {
    const script = await get('/mail/render.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("getElementById('mail-html')");
    expect(script.body).toContain('frame.srcdoc = JSON.parse(');
    // A mail whose text closes a script element stays inside the JSON.
    const to = `json-${randomUUID()}@example.se`;
    const html = '<p>a</script><script>alert(1)</script>\u2028</p>';
    const id = await enqueueMail(db, { kind: 'orderconfirmed', to, languageId: 'sv', subject: 'Evil', html, text: 'x' });
    const login = await gql<{ adminLogin: { token: string } }>(
      app,
      'mutation ($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
      { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
    );
    const page = await app.fastify.inject({ url: `/mail/orderconfirmed/${id}`, headers: { accept: 'text/html', authorization: `Bearer ${login.body.data!.adminLogin.token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('alert(1)</script>');
    expect(framed(page.body)).toBe(html);
  });

  it('previews the English shipped mail under /en with a tracking link', async () => {
    const res = await get('/en/mail/ordershipped');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.body).toContain('Shipping notice');
    const mail = framed(res.body);
    expect(mail).toContain('Your order has shipped');
    expect(mail).toContain('Track your parcel');
    for (const product of bestsellers) expect(mail).toContain(escapeHtml(product.en));
    const sv = await get('/mail/ordershipped');
    expect(framed(sv.body)).toContain('Spåra paketet');
  });

  it("previews the e-mail change's mails: the link to the new address, the undo link to the old, the notice to a taken one", async () => {
    const confirm = await get('/mail/emailconfirm');
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Bekräfta e-postadress');
    expect(framed(confirm.body)).toContain('href="/account/email?key=sample"');
    const changed = await get('/en/mail/emailchanged');
    expect(changed.body).toContain('Email address changed');
    const undo = framed(changed.body);
    expect(undo).toContain('Undo the change');
    expect(undo).toContain('href="/en/account/email?undo=1&amp;key=sample"');
    expect(undo).toContain('The link works for 7 days');
    const taken = framed((await get('/mail/emailtaken')).body);
    expect(taken).toContain('Adressen har redan ett konto');
    expect(taken).not.toContain('key=');
  });

  it('shows a stored outbox mail by its id to an admin only, and 404 for unknown ids or the other kind', async () => {
    const to = `preview-${randomUUID()}@example.se`;
    const id = await enqueueMail(db, {
      kind: 'ordershipped',
      to,
      languageId: 'en',
      subject: 'Your order has shipped (A-1)',
      html: '<!DOCTYPE html><html><body><p>Stored body &amp; more</p></body></html>',
      text: 'Stored body & more',
    });
    // A stored mail holds a real customer's details: without a token it is not there at all.
    const anonymous = await get(`/mail/ordershipped/${id}`);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.body).not.toContain(to);
    const login = await gql<{ adminLogin: { token: string } }>(
      app,
      'mutation ($email: String!, $password: String!) { adminLogin(email: $email, password: $password) { token } }',
      { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
    );
    const authorization = `Bearer ${login.body.data!.adminLogin.token}`;
    const res = await app.fastify.inject({ url: `/mail/ordershipped/${id}`, headers: { accept: 'text/html', authorization } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(`Sent to ${to}`);
    expect(framed(res.body)).toContain('<p>Stored body &amp; more</p>');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    for (const url of [`/mail/orderconfirmed/${id}`, `/mail/ordershipped/${randomUUID()}`, '/mail/ordershipped/42', '/mail/ordershipped/%3Cscript%3E']) {
      const missing = await app.fastify.inject({ url, headers: { accept: 'text/html', authorization } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('Stored body');
    }
  });
});
