import type { Db } from '../../db/client';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job';
import { claimDueMails, listMails, markFailed, markSent } from './outbox-store';
import { createSmtpTransport, parseSmtpUrl, type MailTransport } from './smtp';

export interface MailLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface MailSenderOptions {
  db: Db;
  /** SMTP_URL; without it (and without a transport) mails wait in the outbox. */
  smtpUrl?: string;
  log: MailLog;
  from: { name: string; address: string };
  /** Overrides the SMTP transport built from smtpUrl. */
  transport?: MailTransport;
  /** Mails taken per round. */
  batchSize?: number;
  /**
   * The development mailbox's address (outside a deployment only): without SMTP the start line names it, and each
   * newly queued mail gets a log line with its page there.
   */
  mailboxUrl?: string;
}

export interface MailSender {
  /** Whether a transport is configured; false means start() does nothing and mails stay queued. */
  readonly enabled: boolean;
  /** Delivers every due mail once (oldest first) and reports how it went. */
  sendPending(): Promise<{ sent: number; failed: number }>;
  /**
   * Without SMTP and with a mailbox: logs one line per mail queued since the previous call (subject, recipient and
   * its mailbox page; never the mail's own links, which may hold a reset key). The first call only takes note of
   * what is there, so a restart does not repeat old mails. Answers how many it logged.
   */
  announceQueued(): Promise<number>;
  /** Runs sendPending (without SMTP, announceQueued) every intervalMs (and once right away) until stop(). */
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a round in progress to finish. */
  stop(): Promise<void>;
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, log } = options;
  const transport = options.transport ?? (options.smtpUrl ? createSmtpTransport(parseSmtpUrl(options.smtpUrl)) : undefined);
  const batchSize = options.batchSize ?? 20;
  let job: PeriodicJob | undefined;
  /** The newest mails the previous announceQueued saw; one that drops out of them is older than any new one. */
  let seen: Set<string> | undefined;
  const ANNOUNCE_WINDOW = 50;

  async function announceQueued() {
    if (transport || !options.mailboxUrl) return 0;
    const mails = await listMails(db, ANNOUNCE_WINDOW);
    const fresh = seen ? mails.filter((mail) => !seen!.has(mail.id)).reverse() : [];
    seen = new Set(mails.map((mail) => mail.id));
    for (const mail of fresh) log.info(`Mail queued, not sent: "${mail.subject}" to ${mail.to}; read it at ${options.mailboxUrl}/${mail.id}`);
    return fresh.length;
  }

  async function sendPending() {
    if (!transport) return { sent: 0, failed: 0 };
    let sent = 0;
    let failed = 0;
    for (;;) {
      const mails = await claimDueMails(db, batchSize);
      for (const mail of mails) {
        try {
          await transport.send({ from: options.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId });
          await markSent(db, mail.id);
          sent += 1;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await markFailed(db, mail, reason);
          log.warn(`Mail ${mail.id} (${mail.kind}) not delivered, attempt ${mail.attempts}: ${reason}`);
          failed += 1;
        }
      }
      if (mails.length < batchSize) break;
    }
    if (sent) log.info(`Sent ${sent} mail${sent === 1 ? '' : 's'}`);
    return { sent, failed };
  }

  return {
    enabled: Boolean(transport),
    sendPending,
    announceQueued,
    start(intervalMs = 10_000) {
      if (!transport) {
        log.info(`SMTP_URL is not set: mails are kept in the outbox and not sent${options.mailboxUrl ? `; read them at ${options.mailboxUrl}` : ''}`);
        if (!options.mailboxUrl) return;
      }
      job ??= startPeriodicJob({
        intervalMs,
        run: transport ? sendPending : announceQueued,
        onError: (error) => log.error(`Mail outbox round failed: ${error instanceof Error ? error.message : String(error)}`),
      });
    },
    async stop() {
      await job?.stop();
      job = undefined;
    },
  };
}
