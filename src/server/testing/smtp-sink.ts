import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent after DATA, dot-stuffing undone. */
  data: string;
  /** The credentials of AUTH PLAIN, when the client logged in. */
  auth?: { user: string; password: string };
  /** Whether the message came over TLS (after STARTTLS, or from the start with `implicitTls`). */
  secure: boolean;
}

export interface SmtpSink {
  port: number;
  /**
   * smtps:// with implicitTls, smtp:// otherwise, with the sink's credentials. A sink without TLS is plain
   * text only, so its URL carries ?tls=none: the client must be told it may log in without TLS.
   */
  url: string;
  received: ReceivedMail[];
  /** Every AUTH the sink saw, sent or not; a client that may not log in in plain text leaves none here. */
  logins: { user: string; secure: boolean }[];
  /** While set, the sink refuses every message with this reply (e.g. '451 4.3.0 Try again later'). */
  refuseWith: string | null;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Certificate for STARTTLS, offered after EHLO. */
  tls?: { key: string; cert: string };
  /** With `tls`: TLS from the first byte (as on port 465, an smtps:// URL) instead of STARTTLS. */
  implicitTls?: boolean;
  /** Called with each message as it is accepted, for a sink that hands mails on (the e2e run writes them to files). */
  onReceived?: (mail: ReceivedMail) => void;
}

/** An SMTP reply line ('451 4.3.0 Try again later') as its code and its text. */
function parseReply(line: string): { code: number; text: string } {
  const match = /^([2-5]\d\d) (.*)$/.exec(line);
  if (!match) throw new Error(`Not an SMTP reply: ${line}`);
  return { code: Number(match[1]), text: match[2]! };
}

/**
 * A real SMTP server on a local port (smtp-server, the SMTP library nodemailer's author keeps), taking AUTH
 * PLAIN, and STARTTLS or implicit TLS when given a certificate, recording every message.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink: SmtpSink = { port: 0, url: '', received: [], logins: [], refuseWith: null, close: async () => undefined };
  const implicitTls = Boolean(options.tls && options.implicitTls);

  const server = new SMTPServer({
    logger: false,
    secure: implicitTls,
    ...(options.tls ?? {}),
    // Without a certificate of ours the library would offer (and take) STARTTLS with one of its own.
    ...(options.tls ? {} : { hideSTARTTLS: true, disabledCommands: ['STARTTLS'] }),
    authMethods: ['PLAIN'],
    // The plain-text sink takes a login in plain text; whether the client may send one is what its tests check.
    allowInsecureAuth: true,
    // Open connections (a pooled client) end at close instead of after the default 30 s grace.
    closeTimeout: 1,
    onAuth(auth, session, callback) {
      const credentials: ReceivedMail['auth'] = { user: auth.username ?? '', password: auth.password ?? '' };
      sink.logins.push({ user: credentials.user, secure: session.secure });
      // What the session's `user` holds from here on, so each message can say who sent it.
      callback(null, { user: credentials });
    },
    onMailFrom(_address, _session, callback) {
      if (!sink.refuseWith) return callback();
      const { code, text } = parseReply(sink.refuseWith);
      callback(Object.assign(new Error(text), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const address = (a: { address: string } | false) => (a ? a.address : '');
        const mail: ReceivedMail = {
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map(address),
          data: Buffer.concat(chunks).toString('utf8'),
          auth: session.user as ReceivedMail['auth'],
          secure: session.secure,
        };
        sink.received.push(mail);
        options.onReceived?.(mail);
        callback();
      });
    },
  });

  // A client that gives up mid-conversation (a refused certificate) is what some tests are about, not an error.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `${implicitTls ? 'smtps' : 'smtp'}://shop:secret@127.0.0.1:${sink.port}${options.tls ? '' : '?tls=none'}`;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}

export interface ParsedMail {
  /** Header values as sent (unfolded, still encoded), by lower-case name; the last one wins. */
  headers: Record<string, string>;
  messageId: string;
  /** Decoded from RFC 2047 encoded words. */
  subject: string;
  from: { name: string; address: string } | null;
  /** Every recipient address in the To header. */
  to: string[];
  text: string;
  html: string;
}

/**
 * Reads a received message the way a mail client would (postal-mime: MIME structure, quoted-printable and
 * base64 bodies, charsets, RFC 2047 headers), so tests check what a customer sees and not how it was encoded.
 */
export async function parseReceivedMail(raw: string): Promise<ParsedMail> {
  const email = await PostalMime.parse(raw);
  const headers: Record<string, string> = {};
  for (const header of email.headers) headers[header.key] = header.value;
  const mailboxes = (email.to ?? []).flatMap((address) => (address.group ? address.group : [address]));
  const from = email.from && !email.from.group ? { name: email.from.name, address: email.from.address } : null;
  return {
    headers,
    messageId: email.messageId ?? '',
    subject: email.subject ?? '',
    from,
    to: mailboxes.map((mailbox) => mailbox.address),
    text: email.text ?? '',
    html: email.html ?? '',
  };
}
