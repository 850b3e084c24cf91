import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { shopName } from '../../i18n';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import { parseReceivedMail, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { sinkTlsCert, sinkTlsKey } from '../../testing/smtp-sink-tls';
import { enqueueOrderMail } from './outbox';
import { findMail, maskMailKeys } from './outbox-store';
import { enqueuePasswordResetMail } from './PasswordResetMail';
import { enqueueEmailChangeMail } from './EmailChangeMail';
import { createMailSender, type MailLog } from './sender';
import { createSmtpTransport, parseSmtpUrl } from './smtp';
import type { OrderMailData } from './types';

const from = { name: 'Retro Spelbutiken', address: 'kundtjanst@retrospelbutiken.example' };

function order(orderNumber: string, customerEmail: string): OrderMailData {
  return {
    orderNumber,
    language: 'sv',
    customerName: 'Åsa Öberg',
    customerEmail,
    lines: [{ name: 'Zelda II', skuName: 'PAL', quantity: 1, unitPriceFormatted: '399 kr', totalFormatted: '399 kr' }],
    subtotalFormatted: '399 kr',
    shippingFormatted: '49 kr',
    totalFormatted: '448 kr',
    vatFormatted: '89,60 kr',
    shippingMethod: 'PostNord',
    paymentMethod: 'Kort',
    shippingAddress: { name: 'Åsa Öberg', street: 'Byvägen 2', zip: '123 45', city: 'Byn', country: 'Sverige' },
  };
}

describe.each(testDbKinds())('mail outbox sender on %s', (kind) => {
  let db: Db;
  let sink: SmtpSink;
  const warnings: string[] = [];
  const log: MailLog = { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
  const address = () => `kund-${randomUUID()}@example.se`;

  beforeAll(async () => {
    // The sender takes every due mail in the table, so it gets a database of its own.
    db = await openWritableTestDb(kind, 4);
    sink = await startSmtpSink();
  });
  afterEach(() => {
    sink.refuseWith = null;
    sink.received.length = 0;
  });
  afterAll(async () => {
    await sink.close();
    await db.close();
  });

  it('delivers queued mails over SMTP, oldest first, and marks them sent', async () => {
    const first = address();
    const second = address();
    const firstId = await enqueueOrderMail(db, 'orderconfirmed', order('A-100', first), 'games', null);
    const secondId = await enqueueOrderMail(db, 'ordershipped', { ...order('A-101', second), trackingUrl: 'https://track.example/1' }, 'games', null);
    const sender = createMailSender({ db, smtpUrl: sink.url, log, from });
    expect(sender.enabled).toBe(true);

    expect(await sender.sendPending()).toEqual({ sent: 2, failed: 0 });
    expect(sink.received.map((m) => m.to)).toEqual([[first], [second]]);
    const [confirmation, shipped] = sink.received;
    expect(confirmation!.from).toBe(from.address);
    expect(confirmation!.auth).toEqual({ user: 'shop', password: 'secret' });
    const parsed = await parseReceivedMail(confirmation!.data);
    expect(parsed.subject).toBe('Tack för din beställning A-100');
    expect(parsed.from).toEqual(from);
    expect(parsed.to).toEqual([first]);
    // The Message-ID travels in every reply and forward, so it is the mail's own random id, never the outbox id
    // (the address of its stored copy).
    const firstStored = await findMail(db, firstId);
    expect(parsed.headers['message-id']).toBe(`<${firstStored!.messageId}@retrospelbutiken.example>`);
    expect(parsed.headers['message-id']).not.toContain(firstId);
    expect(parsed.html).toContain('Hej Åsa Öberg!');
    expect(parsed.html).toContain('Zelda II');
    expect(parsed.text).toContain('Totalt: 448 kr');
    expect((await parseReceivedMail(shipped!.data)).subject).toBe('Din beställning är skickad (A-101)');

    for (const id of [firstId, secondId]) {
      const stored = await findMail(db, id);
      expect(stored!.sentAt).toBeInstanceOf(Date);
      expect(stored!.attempts).toBe(1);
      expect(stored!.lastError).toBeNull();
    }
    // Sent mails are not sent again.
    expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(2);
  });

  it('sends a reset mail with its key, then keeps it only masked; an unsent one is masked once its key is used or expired', async () => {
    const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    const reset = (k: string) => ({ to: address(), language: 'sv' as const, resetUrl: `http://shop.example/account/reset-password?key=${k}`, validMinutes: 60 });
    const id = await enqueuePasswordResetMail(db, reset(key), 'games');
    const sender = createMailSender({ db, smtpUrl: sink.url, log, from });
    expect(await sender.sendPending()).toEqual({ sent: 1, failed: 0 });
    expect((await parseReceivedMail(sink.received[0]!.data)).text).toContain(`key=${key}`);
    const sent = await findMail(db, id);
    for (const body of [sent!.text, sent!.html]) {
      expect(body).not.toContain(key);
      expect(body).toContain('key=AbCd********');
    }

    const usedKey = 'usedusedusedusedusedusedusedusedusedusedxyz';
    const otherKey = 'otherotherotherotherotherotherotherother123';
    const used = await enqueuePasswordResetMail(db, reset(usedKey), 'games');
    const other = await enqueuePasswordResetMail(db, reset(otherKey), 'games');
    await maskMailKeys(db, { key: usedKey });
    expect((await findMail(db, used))!.text).not.toContain(usedKey);
    expect((await findMail(db, other))!.text).toContain(otherKey);
    await maskMailKeys(db, { createdBefore: new Date(Date.now() + 1000) });
    expect((await findMail(db, other))!.html).not.toContain(otherKey);
    expect((await findMail(db, other))!.html).toContain('key=othe********');
    // Never sent: the tests below count what the sender delivers.
    await db.query('DELETE FROM mail_outbox WHERE id = ANY($1::uuid[])', [[used, other]]);
  });

  it("sends an e-mail change's undo link with its key, then keeps it only masked, as the reset mail's", async () => {
    const key = 'UnDoUnDoUnDoUnDoUnDoUnDoUnDoUnDoUnDoUnDo123';
    const url = `http://shop.example/account/email?undo=1&key=${key}`;
    const id = await enqueueEmailChangeMail(db, { kind: 'emailchanged', to: address(), language: 'sv', newEmail: 'ny@example.se', url, validHours: 168 }, 'games');
    const sender = createMailSender({ db, smtpUrl: sink.url, log, from });
    expect(await sender.sendPending()).toEqual({ sent: 1, failed: 0 });
    expect((await parseReceivedMail(sink.received[0]!.data)).text).toContain(`key=${key}`);
    const sent = await findMail(db, id);
    for (const body of [sent!.text, sent!.html]) {
      expect(body).not.toContain(key);
      expect(body).toContain('key=UnDo********');
    }
  });

  it('records a refusal, waits before retrying, and delivers on a later attempt', async () => {
    const to = address();
    const id = await enqueueOrderMail(db, 'orderconfirmed', order('B-200', to), 'games', null);
    const sender = createMailSender({ db, smtpUrl: sink.url, log, from });
    sink.refuseWith = '451 4.3.0 Mailbox temporarily unavailable';

    expect(await sender.sendPending()).toEqual({ sent: 0, failed: 1 });
    let stored = await findMail(db, id);
    expect(stored!.sentAt).toBeNull();
    expect(stored!.attempts).toBe(1);
    expect(stored!.lastError).toContain('451 4.3.0 Mailbox temporarily unavailable');
    expect(warnings.some((w) => w.includes(id))).toBe(true);
    // Backing off: the next round does not touch it before its time.
    sink.refuseWith = null;
    expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);

    await db.query("UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second' WHERE id = $1", [id]);
    expect(await sender.sendPending()).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.map((m) => m.to)).toEqual([[to]]);
    stored = await findMail(db, id);
    expect(stored!.sentAt).toBeInstanceOf(Date);
    expect(stored!.attempts).toBe(2);
    expect(stored!.lastError).toBeNull();
  });

  it('records an unreachable server as an error and keeps the mail', async () => {
    const id = await enqueueOrderMail(db, 'orderconfirmed', order('C-300', address()), 'games', null);
    const closed = await startSmtpSink();
    await closed.close();
    const sender = createMailSender({ db, smtpUrl: closed.url, log, from });
    expect(await sender.sendPending()).toEqual({ sent: 0, failed: 1 });
    const stored = await findMail(db, id);
    expect(stored!.sentAt).toBeNull();
    expect(stored!.lastError).toMatch(/ECONNREFUSED/);
    const [row] = await db.query<{ wait: number }>('SELECT extract(epoch FROM next_attempt_at - now())::float8 AS wait FROM mail_outbox WHERE id = $1', [id]);
    expect(row!.wait).toBeGreaterThan(20);
  });

  it('upgrades to TLS with STARTTLS when the server offers it, and refuses a certificate it cannot verify', async () => {
    const tlsSink = await startSmtpSink({ tls: { key: sinkTlsKey, cert: sinkTlsCert } });
    try {
      await db.query("UPDATE mail_outbox SET next_attempt_at = now() + interval '1 day' WHERE sent_at IS NULL");
      const untrustedId = await enqueueOrderMail(db, 'orderconfirmed', order('T-1', address()), 'games', null);
      const untrusting = createMailSender({ db, smtpUrl: tlsSink.url, log, from });
      expect(await untrusting.sendPending()).toEqual({ sent: 0, failed: 1 });
      expect((await findMail(db, untrustedId))!.lastError).toMatch(/self[- ]signed/i);
      expect(tlsSink.received).toHaveLength(0);

      const to = address();
      const id = await enqueueOrderMail(db, 'orderconfirmed', order('T-2', to), 'games', null);
      const transport = createSmtpTransport({ ...parseSmtpUrl(tlsSink.url), ca: sinkTlsCert });
      const trusting = createMailSender({ db, log, from, transport });
      expect(await trusting.sendPending()).toEqual({ sent: 1, failed: 0 });
      expect(tlsSink.received).toHaveLength(1);
      expect(tlsSink.received[0]).toMatchObject({ to: [to], secure: true, auth: { user: 'shop', password: 'secret' } });
      expect((await parseReceivedMail(tlsSink.received[0]!.data)).subject).toBe('Tack för din beställning T-2');
      expect((await findMail(db, id))!.sentAt).toBeInstanceOf(Date);
    } finally {
      await tlsSink.close();
    }
  });

  it('never lets two senders deliver the same mail', async () => {
    await db.query("UPDATE mail_outbox SET next_attempt_at = now() + interval '1 day' WHERE sent_at IS NULL");
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => enqueueOrderMail(db, 'orderconfirmed', order(`D-${n}`, address()), 'games', null)));
    const senders = [1, 2, 3].map(() => createMailSender({ db, smtpUrl: sink.url, log, from, batchSize: 2 }));
    const results = await Promise.all(senders.map((s) => s.sendPending()));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    expect(sink.received).toHaveLength(6);
    const subjects = (await Promise.all(sink.received.map((m) => parseReceivedMail(m.data)))).map((m) => m.subject).sort();
    expect(subjects).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Tack för din beställning D-${n}`));
    for (const id of ids) expect((await findMail(db, id))!.attempts).toBe(1);
  });

  it('keeps mails queued when no SMTP server is configured, and runs rounds on a timer until stopped', async () => {
    const idle = createMailSender({ db, log, from });
    expect(idle.enabled).toBe(false);
    expect(await idle.sendPending()).toEqual({ sent: 0, failed: 0 });
    idle.start(10);
    await idle.stop();

    const id = await enqueueOrderMail(db, 'ordershipped', order('E-1', address()), 'candy', null);
    const sender = createMailSender({ db, smtpUrl: sink.url, log, from });
    sender.start(20);
    await expect.poll(async () => (await findMail(db, id))!.sentAt, { timeout: 5000 }).toBeInstanceOf(Date);
    await sender.stop();
    expect((await parseReceivedMail(sink.received.at(-1)!.data)).html).toContain('Godisbutiken');
  });

  it('says at start, without SMTP, where the development mailbox shows the queued mails (when it is given one)', async () => {
    const infos: string[] = [];
    const quiet: MailLog = { ...log, info: (m) => infos.push(m) };
    const withMailbox = createMailSender({ db, log: quiet, from, mailboxUrl: 'http://localhost:3000/dev/mailbox' });
    const without = createMailSender({ db, log: quiet, from });
    withMailbox.start(60_000);
    without.start(60_000);
    await Promise.all([withMailbox.stop(), without.stop()]);
    expect(infos).toEqual([
      'SMTP_URL is not set: mails are kept in the outbox and not sent; read them at http://localhost:3000/dev/mailbox',
      'SMTP_URL is not set: mails are kept in the outbox and not sent',
    ]);
  });

  it('logs one line per newly queued mail with its mailbox page, never its links, without SMTP and with a mailbox only', async () => {
    const infos: string[] = [];
    const quiet: MailLog = { ...log, info: (m) => infos.push(m) };
    const mailbox = 'http://localhost:3000/dev/mailbox';
    const idle = createMailSender({ db, log: quiet, from, mailboxUrl: mailbox });
    const sending = createMailSender({ db, log: quiet, from, smtpUrl: sink.url, mailboxUrl: mailbox });
    const silent = createMailSender({ db, log: quiet, from });
    // The first look only notes what is there: a restart does not log old mails again.
    await enqueueOrderMail(db, 'orderconfirmed', order('F-0', address()), 'games', null);
    for (const sender of [idle, sending, silent]) expect(await sender.announceQueued()).toBe(0);

    const first = address();
    const second = address();
    const firstId = await enqueueOrderMail(db, 'orderconfirmed', order('F-1', first), 'games', null);
    const secondId = await enqueuePasswordResetMail(db, { to: second, language: 'en', resetUrl: 'http://localhost:3000/en/account/reset-password?key=secretsecretsecret', validMinutes: 60 }, 'games');
    expect(await idle.announceQueued()).toBe(2);
    expect(await sending.announceQueued()).toBe(0);
    expect(await silent.announceQueued()).toBe(0);
    expect(infos).toEqual([
      `Mail queued, not sent: "Tack för din beställning F-1" to ${first}; read it at ${mailbox}/${firstId}`,
      `Mail queued, not sent: "Choose a new password at ${shopName('games', 'en')}" to ${second}; read it at ${mailbox}/${secondId}`,
    ]);
    expect(await idle.announceQueued()).toBe(0);
    expect(infos.join('\n')).not.toContain('secret');
  });
});
