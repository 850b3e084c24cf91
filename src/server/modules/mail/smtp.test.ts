import { describe, expect, it } from 'vitest';
import { parseReceivedMail } from '../../testing/smtp-sink';
import { buildMimeMessage, parseSmtpUrl } from './smtp';

const message = {
  from: { name: 'Retro Spelbutiken', address: 'shop@example.se' },
  to: 'kim@example.se',
  subject: 'Tack för din beställning 7',
  html: '<p>Hej</p>',
  text: '.leading dot\nHej',
  messageId: 'abc',
};

describe('SMTP pieces', () => {
  it('reads SMTP_URL: STARTTLS on 587 by default, implicit TLS on 465 for smtps, decoded credentials', () => {
    expect(parseSmtpUrl('smtp://mail.example.se')).toEqual({ host: 'mail.example.se', port: 587, secure: false, user: undefined, password: undefined });
    expect(parseSmtpUrl('smtps://us%40er:p%3Ass@mail.example.se')).toMatchObject({ port: 465, secure: true, user: 'us@er', password: 'p:ss' });
    expect(parseSmtpUrl('smtp://127.0.0.1:2525')).toMatchObject({ host: '127.0.0.1', port: 2525 });
  });

  it('builds a multipart message with an encoded subject and both bodies', () => {
    const raw = buildMimeMessage(message, new Date('2026-01-02T03:04:05Z'));
    expect(raw).toContain('Subject: =?UTF-8?B?');
    expect(raw).toContain('Date: Fri, 02 Jan 2026 03:04:05 GMT');
    expect(raw).toContain('Message-ID: <abc@example.se>');
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    const parsed = parseReceivedMail(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toBe('.leading dot\r\nHej');
    expect(parsed.html).toBe(message.html);
  });

  it('refuses addresses that could inject headers or commands', () => {
    for (const to of ['kim@example.se\r\nBcc: all@example.se', 'kim@example.se>', 'no-at-sign', 'a b@example.se']) {
      expect(() => buildMimeMessage({ ...message, to })).toThrow(/Not a deliverable address/);
    }
    const subject = buildMimeMessage({ ...message, subject: 'Hi\r\nBcc: all@example.se' });
    expect(subject).not.toMatch(/^Bcc:/m);
  });
});
