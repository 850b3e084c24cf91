import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { mailLinks } from './mailbox';
import { enqueueMail } from './outbox-store';
import { browserPasswordHash } from '../../testing/browser-password';

const browserHash = browserPasswordHash;
const unescapeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('mailLinks', () => {
  it('lists each web link of the text part once, in order, without the text around it', () => {
    expect(mailLinks({ text: 'Välj nytt lösenord: http://localhost:3000/account/reset-password?key=abc_-1\n\nSpåra: https://track.example/x?a=1&b=2 och http://localhost:3000/account/reset-password?key=abc_-1' })).toEqual([
      'http://localhost:3000/account/reset-password?key=abc_-1',
      'https://track.example/x?a=1&b=2',
    ]);
    expect(mailLinks({ text: 'no links, mailto:kund@example.se' })).toEqual([]);
  });
});

describe.each(testDbKinds())('the development mailbox on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const email = `mailbox-${kind}-${randomUUID()}@example.se`;

  const get = (url: string) => app.fastify.inject({ url, headers: { accept: 'text/html' } });
  const post = (url: string, payload: Record<string, unknown>) => app.fastify.inject({ method: 'POST', url, payload });

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 4);
    app = await createTestApp(db, { PUBLIC_URL: 'http://shop.example' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('lists the queued mails newest first and serves the reset mail with a link that really resets the password', async () => {
    const older = await enqueueMail(db, { kind: 'ordershipped', to: 'annan@example.se', languageId: 'sv', subject: 'Ett äldre mejl', html: '<p>äldre</p>', text: 'äldre' });
    expect((await post('/auth/register', { username: email, password: browserHash('gammalt lösen') })).statusCode).toBe(200);
    expect((await post('/auth/forgot-password', { username: email })).statusCode).toBe(200);
    // The answer comes before the mail is queued.
    await vi.waitFor(async () => expect((await db.query("SELECT 1 FROM mail_outbox WHERE kind = 'passwordreset' AND to_address = $1", [email])).length).toBe(1));

    const list = await get('/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['x-robots-tag']).toBe('noindex');
    expect(list.body).not.toContain('<script');
    const entries = [...list.body.matchAll(/href="\/dev\/mailbox\/([0-9a-f-]{36})"/g)].map((match) => match[1]);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.at(-1)).toBe(older);
    const reset = entries[0]!;
    expect(list.body).toContain(`Till ${email}`);
    expect(list.body).toContain('I kö, inte skickat');

    const page = await get(`/dev/mailbox/${reset}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // The link as a link of the page itself (outside the mail's sandboxed frame), key and all.
    const link = /<a href="(http:\/\/shop\.example\/account\/reset-password\?key=[\w-]{43})">/.exec(page.body)?.[1];
    expect(link).toBeDefined();
    const key = new URL(unescapeHtml(link!)).searchParams.get('key')!;

    const newPassword = browserHash('nytt lösen från brevlådan');
    const changed = await post('/auth/reset-password', { key, newPassword });
    expect(changed.statusCode).toBe(200);
    expect((await post('/auth/login', { username: email, password: newPassword })).statusCode).toBe(200);
    expect((await post('/auth/login', { username: email, password: browserHash('gammalt lösen') })).statusCode).toBe(401);
    // A used key is masked in the outbox, so the mailbox no longer shows it.
    const afterUse = await get(`/dev/mailbox/${reset}`);
    expect(afterUse.statusCode).toBe(200);
    expect(afterUse.body).not.toContain(key);
    expect(afterUse.body).toContain(`key=${key.slice(0, 4)}********`);
  });

  it('serves the English mailbox under /en and 404 for an unknown or malformed id', async () => {
    const res = await get('/en/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Development mailbox');
    for (const url of [`/dev/mailbox/${randomUUID()}`, '/dev/mailbox/42', '/en/dev/mailbox/%3Cscript%3E']) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('answers only a browser on this machine that asks for it by a local name (no other address, no rebound name)', async () => {
    const to = `remote-${randomUUID()}@example.se`;
    const id = await enqueueMail(db, { kind: 'passwordreset', to, languageId: 'sv', subject: 'Hemligt', html: '<p>x</p>', text: 'http://shop.example/account/reset-password?key=zyxwvutsrqpo' });
    for (const url of ['/dev/mailbox', `/en/dev/mailbox/${id}`]) {
      for (const [what, request] of [
        ['another machine', { remoteAddress: '192.0.2.7' }],
        ['another machine behind a trusted-looking header', { remoteAddress: '192.0.2.7', headers: { 'x-forwarded-for': '127.0.0.1' } }],
        ['a name rebound to this machine', { headers: { host: 'rebind.example:3000' } }],
      ] as const) {
        const res = await app.fastify.inject({ url, ...request, headers: { accept: 'text/html', ...('headers' in request ? request.headers : {}) } });
        expect(res.statusCode, `${url} from ${what}`).toBe(404);
        expect(res.body).not.toContain('zyxwvutsrqpo');
      }
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await app.fastify.inject({ url: `/dev/mailbox/${id}`, headers: { accept: 'text/html', host } })).statusCode, host).toBe(200);
    }
  });
});

describe.each(testDbKinds())('the development mailbox in a deployment on %s', (kind) => {
  let db: Db;
  let app: TestApp;

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 4);
    // Even a public demo (ALLOW_DEMO) is a deployment: its mailbox would show every visitor's mails to everyone.
    app = await createTestApp(db, { PUBLIC_URL: 'https://shop.example', ALLOW_DEMO: 'true' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('is not there: 404 for the list and for a stored mail, showing none of it', async () => {
    const to = `secret-${randomUUID()}@example.se`;
    const id = await enqueueMail(db, { kind: 'passwordreset', to, languageId: 'sv', subject: 'Hemligt ämne', html: '<p>x</p>', text: 'https://shop.example/account/reset-password?key=abcdefghijkl' });
    for (const url of ['/dev/mailbox', '/en/dev/mailbox', `/dev/mailbox/${id}`, `/en/dev/mailbox/${id}`]) {
      const res = await app.fastify.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(to);
      expect(res.body, url).not.toContain('abcdefghijkl');
    }
  });
});
