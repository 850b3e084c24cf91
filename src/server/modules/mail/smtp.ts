import tls from 'node:tls';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { isValidEmail } from '../../../shared/email';

/** One outgoing message; `from` is the shop's sender address. */
export interface MailMessage {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row, so a resend after a lost reply can be recognised as a duplicate. */
  messageId?: string;
}

/** What the sender needs from a mail transport: SMTP through nodemailer below, or a stand-in in tests. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpOptions {
  host: string;
  port: number;
  /** smtps:// — TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  /**
   * Without `secure`: send nothing unless STARTTLS succeeds. Otherwise a network attacker could strip the
   * server's STARTTLS offer and read the AUTH credentials, so it is on whenever there are credentials.
   */
  requireTls?: boolean;
  user?: string;
  password?: string;
  /** Limit for connecting, the greeting and any silence after it; 30 s unless given. */
  timeoutMs?: number;
  /** Extra trusted certificate authority (PEM), e.g. a private mail relay's own; the system's are used otherwise. */
  ca?: string;
}

/**
 * smtp://user:pass@host:port (STARTTLS, default port 587) or smtps://… (TLS, default 465). With credentials,
 * smtp:// requires STARTTLS to succeed before logging in, unless the URL ends in ?tls=none (a local relay or
 * test sink that speaks plain text only); without credentials STARTTLS is used when the server offers it.
 */
export function parseSmtpUrl(url: string): SmtpOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  if (!secure && parsed.protocol !== 'smtp:') throw new Error(`Unsupported mail URL protocol ${parsed.protocol}`);
  const tlsOption = parsed.searchParams.get('tls');
  if (tlsOption !== null && tlsOption !== 'none') throw new Error(`Unsupported mail URL option tls=${tlsOption} (only tls=none)`);
  const user = parsed.username ? decodeURIComponent(parsed.username) : undefined;
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTls: !secure && user !== undefined && tlsOption !== 'none',
    user,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
  };
}

/**
 * nodemailer reads a recipient string as an address list (groups, several addresses), so a customer's address
 * is checked to be exactly one plain address before it gets there: it cannot add recipients or headers. The
 * shop's one email rule excludes every character that could (shared/email.ts), and every address the shop
 * stores passed it; an untrimmed one is refused here too.
 */
function checkAddress(address: string): string {
  if (address !== address.trim() || !isValidEmail(address)) throw new Error(`Not a deliverable address: ${JSON.stringify(address)}`);
  return address;
}

/**
 * nodemailer's message for one outbox mail. The Message-ID is the outbox row's random message id, not generated
 * per attempt, so a mail resent after a lost reply carries the same id and receivers can drop the duplicate.
 */
export function toMailOptions(message: MailMessage): SendMailOptions {
  const domain = checkAddress(message.from.address).split('@')[1] ?? 'localhost';
  return {
    from: { name: message.from.name, address: message.from.address },
    to: { name: '', address: checkAddress(message.to) },
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.messageId ? { messageId: `<${message.messageId}@${domain}>` } : {}),
  };
}

/**
 * SMTP through nodemailer, one connection per message (a round sends few mails, and a failed connection
 * then affects one mail only). Certificates are always verified against the host name; `ca` adds a trusted
 * authority to the system's. Without smtps://, STARTTLS is used whenever the server offers it, and a failed
 * upgrade fails the mail rather than falling back to plain text; with requireTls a server that offers no
 * STARTTLS fails it too, before any credentials are sent.
 */
export function createSmtpTransport(options: SmtpOptions): MailTransport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    requireTLS: options.requireTls ?? false,
    ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
    ...(options.ca ? { tls: { ca: [...tls.rootCertificates, options.ca] } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // The mails are strings rendered by the shop; nothing in them may make nodemailer read files or fetch URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
    maxRecipients: 1,
  });
  return {
    async send(message) {
      await transporter.sendMail(toMailOptions(message));
    },
  };
}
