import net from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseReceivedMail, startSmtpSink } from '../../testing/smtp-sink';
import { sinkTlsCert, sinkTlsKey } from '../../testing/smtp-sink-tls';
import { createSmtpTransport, parseSmtpUrl, toMailOptions, type MailMessage } from './smtp';

const message: MailMessage = {
  from: { name: 'Retro Spelbutiken', address: 'shop@example.se' },
  to: 'kim@example.se',
  subject: 'Tack för din beställning 7',
  html: `<p>Hej Åsa</p><p>${'x'.repeat(1500)}</p>`,
  text: '.leading dot\nHej Åsa\n.',
  messageId: 'abc',
};

/** The message exactly as nodemailer would put it after DATA, without a server. */
async function compose(options: SendMailOptions): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(options);
  return info.message.toString('utf8');
}

describe('SMTP through nodemailer', () => {
  it('reads SMTP_URL: STARTTLS on 587 by default, implicit TLS on 465 for smtps, decoded credentials', () => {
    expect(parseSmtpUrl('smtp://mail.example.se')).toEqual({ host: 'mail.example.se', port: 587, secure: false, requireTls: false, user: undefined, password: undefined });
    expect(parseSmtpUrl('smtps://us%40er:p%3Ass@mail.example.se')).toMatchObject({ port: 465, secure: true, user: 'us@er', password: 'p:ss' });
    expect(parseSmtpUrl('smtp://127.0.0.1:2525')).toMatchObject({ host: '127.0.0.1', port: 2525 });
    expect(parseSmtpUrl('smtp://[::1]:25')).toMatchObject({ host: '::1', port: 25 });
    expect(() => parseSmtpUrl('http://mail.example.se')).toThrow(/Unsupported mail URL protocol/);
  });

  it('requires STARTTLS before credentials go over smtp://, unless the URL opts out with ?tls=none', () => {
    expect(parseSmtpUrl('smtp://shop:secret@mail.example.se')).toMatchObject({ secure: false, requireTls: true, user: 'shop' });
    expect(parseSmtpUrl('smtp://shop:secret@127.0.0.1:2525?tls=none')).toMatchObject({ requireTls: false, user: 'shop', password: 'secret', port: 2525 });
    // Nothing to protect without credentials; smtps:// is TLS from the start anyway.
    expect(parseSmtpUrl('smtp://mail.example.se:25')).toMatchObject({ requireTls: false });
    expect(parseSmtpUrl('smtps://shop:secret@mail.example.se')).toMatchObject({ secure: true, requireTls: false });
    expect(() => parseSmtpUrl('smtp://shop:secret@mail.example.se?tls=off')).toThrow(/Unsupported mail URL option tls=off/);
  });

  it('builds a multipart/alternative message with encoded headers, short lines and the Message-ID it is given', async () => {
    const raw = await compose(toMailOptions(message));
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[QB]\?/m);
    expect(raw).toMatch(/^Date: /m);
    expect(raw).toContain('Message-ID: <abc@example.se>');
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    const parsed = await parseReceivedMail(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from).toEqual(message.from);
    expect(parsed.to).toEqual(['kim@example.se']);
    expect(parsed.messageId).toBe('<abc@example.se>');
    expect(parsed.text.trimEnd()).toBe(message.text);
    expect(parsed.html.trimEnd()).toBe(message.html);
    // Sent again (a retry), the mail keeps its Message-ID, so the receiver can tell it is the same one.
    expect((await parseReceivedMail(await compose(toMailOptions(message)))).messageId).toBe('<abc@example.se>');
  });

  it('reads base64 bodies as well as quoted-printable ones', async () => {
    const raw = await compose({ ...toMailOptions(message), textEncoding: 'base64' });
    expect(raw).toContain('Content-Transfer-Encoding: base64');
    const parsed = await parseReceivedMail(raw);
    expect(parsed.text.trimEnd()).toBe(message.text);
    expect(parsed.html.trimEnd()).toBe(message.html);
  });

  it('refuses addresses that could add recipients or headers, and keeps line breaks out of the subject', async () => {
    for (const to of ['kim@example.se\r\nBcc: all@example.se', 'kim@example.se>', 'no-at-sign', 'a b@example.se', 'kim@example.se, all@example.se', 'list: all@example.se;']) {
      expect(() => toMailOptions({ ...message, to })).toThrow(/Not a deliverable address/);
    }
    const raw = await compose(toMailOptions({ ...message, subject: 'Hi\r\nBcc: all@example.se' }));
    expect(raw).not.toMatch(/^Bcc:/m);
    expect((await parseReceivedMail(raw)).to).toEqual(['kim@example.se']);
  });

  it('delivers over SMTP with AUTH PLAIN; leading dots survive the transfer', async () => {
    const sink = await startSmtpSink();
    try {
      await createSmtpTransport(parseSmtpUrl(sink.url)).send(message);
      expect(sink.received).toHaveLength(1);
      const [received] = sink.received;
      expect(received).toMatchObject({ from: 'shop@example.se', to: ['kim@example.se'], auth: { user: 'shop', password: 'secret' }, secure: false });
      const parsed = await parseReceivedMail(received!.data);
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.text.trimEnd()).toBe(message.text);
    } finally {
      await sink.close();
    }
  });

  it('sends no credentials to a server that offers no STARTTLS (as when an attacker strips it) unless told to', async () => {
    const sink = await startSmtpSink();
    try {
      expect(sink.url).toMatch(/\?tls=none$/);
      const strict = sink.url.replace('?tls=none', '');
      await expect(createSmtpTransport(parseSmtpUrl(strict)).send(message)).rejects.toThrow(/STARTTLS|TLS/);
      expect(sink.logins).toEqual([]);
      expect(sink.received).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });

  it('logs in only after STARTTLS, with the certificate verified, when the server offers it', async () => {
    const sink = await startSmtpSink({ tls: { key: sinkTlsKey, cert: sinkTlsCert } });
    try {
      expect(parseSmtpUrl(sink.url)).toMatchObject({ requireTls: true });
      await createSmtpTransport({ ...parseSmtpUrl(sink.url), ca: sinkTlsCert }).send(message);
      expect(sink.logins).toEqual([{ user: 'shop', secure: true }]);
      expect(sink.received[0]).toMatchObject({ secure: true });
    } finally {
      await sink.close();
    }
  });

  it('speaks TLS from the first byte for smtps:// and verifies the certificate', async () => {
    const sink = await startSmtpSink({ tls: { key: sinkTlsKey, cert: sinkTlsCert }, implicitTls: true });
    try {
      expect(sink.url).toMatch(/^smtps:/);
      await expect(createSmtpTransport(parseSmtpUrl(sink.url)).send(message)).rejects.toThrow(/self[- ]signed/i);
      expect(sink.received).toHaveLength(0);
      await createSmtpTransport({ ...parseSmtpUrl(sink.url), ca: sinkTlsCert }).send(message);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]).toMatchObject({ secure: true, auth: { user: 'shop', password: 'secret' } });
    } finally {
      await sink.close();
    }
  });

  it('gives up on a server that accepts the connection but never greets', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const transport = createSmtpTransport({ host: '127.0.0.1', port, secure: false, timeoutMs: 300 });
      await expect(transport.send(message)).rejects.toThrow(/greeting|timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
