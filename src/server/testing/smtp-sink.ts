import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import tls from 'node:tls';
import PostalMime from 'postal-mime';

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

/**
 * A real SMTP server on a local port, small enough to read: enough of RFC 5321 (EHLO/HELO, AUTH PLAIN,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT, and STARTTLS or implicit TLS when given a certificate) for a client to
 * deliver to it, recording every message.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sockets = new Set<net.Socket>();
  const sink: SmtpSink = { port: 0, url: '', received: [], logins: [], refuseWith: null, close: async () => undefined };
  const implicitTls = Boolean(options.tls && options.implicitTls);

  const onConnection = (plain: net.Socket) => {
    let socket: net.Socket = plain;
    let secure = implicitTls;
    sockets.add(plain);
    plain.on('close', () => sockets.delete(plain));
    plain.on('error', () => plain.destroy());
    let buffer = '';
    // Decodes across chunks, so a UTF-8 character split between two packets (8BITMIME bodies) stays whole.
    let decoder = new StringDecoder('utf8');
    let inData = false;
    const fresh = (): ReceivedMail => ({ from: '', to: [], data: '', secure });
    let current = fresh();
    let auth: ReceivedMail['auth'];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP ready');

    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          const mail = { ...current, auth, secure };
          sink.received.push(mail);
          options.onReceived?.(mail);
          current = fresh();
          reply('250 2.0.0 Queued');
        } else {
          current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        }
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return reply(`250-sink.test\r\n250-8BITMIME\r\n${options.tls && !secure ? '250-STARTTLS\r\n' : ''}250 AUTH PLAIN`);
      if (line.toUpperCase() === 'STARTTLS' && options.tls && !secure) {
        reply('220 2.0.0 Ready to start TLS');
        plain.removeListener('data', onData);
        socket = new tls.TLSSocket(plain, { isServer: true, key: options.tls.key, cert: options.tls.cert });
        socket.on('error', () => plain.destroy());
        socket.on('data', onData);
        secure = true;
        buffer = '';
        decoder = new StringDecoder('utf8');
        current = fresh();
        auth = undefined;
        return;
      }
      if (verb === 'HELO') return reply('250 sink.test');
      if (verb === 'AUTH') {
        const [user = '', password = ''] = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8').split('\u0000').slice(1);
        auth = { user, password };
        sink.logins.push({ user, secure });
        return reply('235 2.7.0 Authentication successful');
      }
      if (verb === 'MAIL') {
        if (sink.refuseWith) return reply(sink.refuseWith);
        current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        return reply('250 2.1.0 Ok');
      }
      if (verb === 'RCPT') {
        current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        return reply('250 2.1.5 Ok');
      }
      if (verb === 'DATA') {
        inData = true;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        current = fresh();
        return reply('250 2.0.0 Ok');
      }
      if (verb === 'NOOP') return reply('250 2.0.0 Ok');
      if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        return socket.end();
      }
      return reply('502 5.5.2 Command not recognised');
    };

    function onData(chunk: Buffer) {
      buffer += decoder.write(chunk);
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onLine(line);
      }
    }
    plain.on('data', onData);
  };
  const server =
    options.tls && implicitTls ? tls.createServer({ key: options.tls.key, cert: options.tls.cert }, onConnection) : net.createServer(onConnection);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.address() as net.AddressInfo).port;
  sink.url = `${implicitTls ? 'smtps' : 'smtp'}://shop:secret@127.0.0.1:${sink.port}${options.tls ? '' : '?tls=none'}`;
  sink.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
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
