import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parseReceivedMail, startSmtpSink } from '../../src/server/testing/smtp-sink';

/** A mail the e2e server sent, as the customer reads it. */
export interface E2eMail {
  to: string[];
  subject: string;
  text: string;
  /** When the sink received it (ms), to tell a newer mail from an older one. */
  receivedAt: number;
}

/**
 * The SMTP sink of an e2e run: started once, in the runner (the config is evaluated there first, before the
 * webServer starts), and found by the workers through the environment, as e2eServerSettings shares the port.
 * Each received mail becomes a JSON file in E2E_MAIL_DIR, so a test in any worker can read what was sent.
 */
export async function e2eMailSettings(): Promise<{ smtpUrl: string; mailDir: string }> {
  if (!process.env.E2E_SMTP_URL || !process.env.E2E_MAIL_DIR) {
    const mailDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-mail-'));
    let count = 0;
    const sink = await startSmtpSink({
      onReceived: (received) => {
        const name = `${Date.now()}-${String(++count).padStart(5, '0')}`;
        void parseReceivedMail(received.data).then((parsed) => {
          const mail: E2eMail = { to: received.to, subject: parsed.subject, text: parsed.text, receivedAt: Date.now() };
          // Written aside and renamed, so a reader never sees half a file.
          const partial = join(mailDir, `.${name}.partial`);
          writeFileSync(partial, JSON.stringify(mail));
          renameSync(partial, join(mailDir, `${name}.json`));
        });
      },
    });
    process.env.E2E_SMTP_URL = sink.url;
    process.env.E2E_MAIL_DIR = mailDir;
  }
  return { smtpUrl: process.env.E2E_SMTP_URL, mailDir: process.env.E2E_MAIL_DIR };
}

function mailsTo(address: string): E2eMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the Playwright config starts the SMTP sink');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as E2eMail)
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/**
 * The newest mail the shop sent to an address, waiting for it (the outbox sends every 10 s). `after` (ms)
 * skips mails received before then, so a test waits for the mail its own action caused.
 */
export async function latestMailTo(address: string, { timeout = 30_000, after = 0 }: { timeout?: number; after?: number } = {}): Promise<E2eMail> {
  let found: E2eMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)
          .filter((mail) => mail.receivedAt >= after)
          .at(-1);
        return found !== undefined;
      },
      { timeout, message: `a mail to ${address}` },
    )
    .toBe(true);
  return found!;
}
