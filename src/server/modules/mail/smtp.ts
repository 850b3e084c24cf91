import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { hostname } from 'node:os';
import tls from 'node:tls';

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

/** What the sender needs from a mail transport; SMTP below, and replaceable by a library's transport. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export class SmtpError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

export interface SmtpOptions {
  host: string;
  port: number;
  /** smtps:// — TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  timeoutMs?: number;
  /** Extra trusted certificate authority (PEM), e.g. a private mail relay's own; the system's are used otherwise. */
  ca?: string;
}

/** smtp://user:pass@host:port (STARTTLS when offered, default port 587) or smtps://… (TLS, default 465). */
export function parseSmtpUrl(url: string): SmtpOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  if (!secure && parsed.protocol !== 'smtp:') throw new Error(`Unsupported mail URL protocol ${parsed.protocol}`);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
  };
}

interface Reply {
  code: number;
  lines: string[];
}

/** Reads SMTP replies (possibly multi-line: '250-…' continues, '250 …' ends) off a socket that may be swapped for TLS. */
class SmtpConnection {
  private buffer = '';
  private lines: string[] = [];
  private replies: Reply[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  private failure: Error | null = null;

  constructor(
    public socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    this.attach(socket);
  }

  attach(socket: net.Socket) {
    this.socket = socket;
    this.buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(this.timeoutMs, () => socket.destroy(new SmtpError('The mail server did not answer in time')));
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new SmtpError('The mail server closed the connection')));
  }

  /** Stops reading so the raw socket can be handed to TLS. */
  detach() {
    this.socket.removeAllListeners('data');
    this.socket.removeAllListeners('error');
    this.socket.removeAllListeners('close');
    this.socket.setTimeout(0);
  }

  private onData(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.lines.push(line);
      if (!/^\d{3}-/.test(line)) {
        const code = Number(line.slice(0, 3));
        this.push({ code: Number.isFinite(code) ? code : 0, lines: this.lines.map((l) => l.slice(4)) });
        this.lines = [];
      }
    }
  }

  private push(reply: Reply) {
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(reply);
    else this.replies.push(reply);
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }

  read(): Promise<Reply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  async command(line: string | null, expected: number[], what = line ?? 'greeting'): Promise<Reply> {
    if (line !== null) this.socket.write(`${line}\r\n`);
    const reply = await this.read();
    if (!expected.includes(reply.code)) {
      // Never echo credentials into an error message.
      const shown = what.startsWith('AUTH') ? 'AUTH' : what;
      throw new SmtpError(`${shown} failed: ${reply.code} ${reply.lines.join(' ')}`.trim(), reply.code);
    }
    return reply;
  }
}

/** Certificates are always verified against the host name; `ca` only adds a trusted authority. */
function tlsOptions(options: SmtpOptions): tls.ConnectionOptions {
  return {
    servername: net.isIP(options.host) ? undefined : options.host,
    host: options.host,
    ca: options.ca ? [...tls.rootCertificates, options.ca] : undefined,
  };
}

function connect(options: SmtpOptions): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = options.secure
      ? tls.connect({ host: options.host, port: options.port, ...tlsOptions(options) })
      : net.connect({ host: options.host, port: options.port });
    const ready = options.secure ? 'secureConnect' : 'connect';
    socket.setTimeout(options.timeoutMs ?? 30_000, () => socket.destroy(new SmtpError('Could not reach the mail server in time')));
    socket.once(ready, () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function upgradeToTls(socket: net.Socket, options: SmtpOptions): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secured = tls.connect({ socket, ...tlsOptions(options) });
    secured.once('secureConnect', () => {
      secured.removeAllListeners('error');
      resolve(secured);
    });
    secured.once('error', reject);
  });
}

const ADDRESS = /^[^\s<>@"]+@[^\s<>@"]+$/;

function checkAddress(address: string): string {
  if (!ADDRESS.test(address)) throw new SmtpError(`Not a deliverable address: ${JSON.stringify(address)}`);
  return address;
}

/** RFC 2047 encoded word for headers that may hold non-ASCII text (subjects, names). */
function encodeHeader(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

function base64Lines(value: string): string {
  return (Buffer.from(value, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** A multipart/alternative message (text first, HTML preferred), base64 bodies so no line is too long. */
export function buildMimeMessage(message: MailMessage, date = new Date()): string {
  const boundary = `=_mail_${randomUUID()}`;
  const domain = message.from.address.split('@')[1] ?? 'localhost';
  const messageId = message.messageId ?? randomUUID();
  const headers = [
    `From: ${encodeHeader(message.from.name)} <${checkAddress(message.from.address)}>`,
    `To: <${checkAddress(message.to)}>`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}@${domain}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  // Text in canonical form (CRLF line ends) before encoding, as MIME asks.
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body.replace(/\r?\n/g, '\r\n'))].join('\r\n');
  return [...headers, '', part('text/plain', message.text), part('text/html', message.html), `--${boundary}--`, ''].join('\r\n');
}

/**
 * A minimal SMTP client (EHLO, STARTTLS, AUTH PLAIN, MAIL/RCPT/DATA) on node:net and node:tls, one
 * connection per message. It exists because no mail library is installed; nodemailer's SMTP transport
 * should replace it (it adds pooling, AUTH LOGIN/XOAUTH2, DKIM and better error classification).
 */
export function createSmtpTransport(options: SmtpOptions): MailTransport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async send(message) {
      const raw = buildMimeMessage(message);
      const connection = new SmtpConnection(await connect(options), timeoutMs);
      try {
        await connection.command(null, [220]);
        const greetingName = hostname() || 'localhost';
        let ehlo = await connection.command(`EHLO ${greetingName}`, [250]);
        const offers = (reply: Reply, word: string) => reply.lines.some((line) => line.toUpperCase().startsWith(word));
        if (!options.secure && offers(ehlo, 'STARTTLS')) {
          await connection.command('STARTTLS', [220]);
          connection.detach();
          connection.attach(await upgradeToTls(connection.socket, options));
          ehlo = await connection.command(`EHLO ${greetingName}`, [250]);
        }
        if (options.user) {
          const token = Buffer.from(`\u0000${options.user}\u0000${options.password ?? ''}`, 'utf8').toString('base64');
          await connection.command(`AUTH PLAIN ${token}`, [235]);
        }
        await connection.command(`MAIL FROM:<${checkAddress(message.from.address)}>`, [250]);
        await connection.command(`RCPT TO:<${checkAddress(message.to)}>`, [250, 251]);
        await connection.command('DATA', [354]);
        // Dot-stuffing: a line that starts with '.' gets another, so it cannot end the data early.
        const stuffed = raw.replace(/(^|\r\n)\./g, '$1..');
        // The message already ends with CRLF, so '.' + CRLF closes it.
        await connection.command(`${stuffed}.`, [250], 'DATA');
        await connection.command('QUIT', [221]).catch(() => undefined);
      } finally {
        connection.detach();
        connection.socket.destroy();
      }
    },
  };
}
